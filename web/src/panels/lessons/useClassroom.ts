// The reader's language for the classroom pages: its strings (i18n/classroom.ts) and its code.
import { classroomStrings } from '../../i18n/classroom';
import type { ClassroomStrings } from '../../i18n/classroom';
import { prefs } from '../../state/prefs';
import { useStore } from '../hooks/useStore';

export function useLang(): string {
  return useStore(prefs).lang;
}

export function useClassroom(): ClassroomStrings {
  return classroomStrings(useLang());
}
