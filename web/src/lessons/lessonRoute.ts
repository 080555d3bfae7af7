// Where the lesson view reads its lesson and student ids: the URL fragment. `#lessons` lists
// the lessons, `#lesson=ID&student=S` opens one, `#assignment=<base64url JSON>&student=S` opens
// a teacher-made assignment, `#teacher` opens the teacher view. Anything else is the lab.
// (The lead may route these through the shell's versioned URL codec: this is the one place.)
import { base64urlDecode, base64urlEncode } from './resultCode';

export type LessonRoute =
  | { view: 'index' }
  | { view: 'lesson'; id: string; student: string }
  | { view: 'assignment'; assignment: unknown; student: string }
  | { view: 'teacher' };

const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Student ids: printable, at most 64 characters (they go into CSVs and result codes). */
export function cleanStudentId(s: string): string {
  return s
    .replace(/[\p{C}]/gu, '')
    .trim()
    .slice(0, 64);
}

export function parseLessonRoute(hash: string): LessonRoute | null {
  const h = hash.replace(/^#/, '');
  if (h === 'lessons') return { view: 'index' };
  if (h === 'teacher') return { view: 'teacher' };
  const params = new URLSearchParams(h);
  const student = cleanStudentId(params.get('student') ?? '');
  const id = params.get('lesson');
  if (id !== null) return ID.test(id) ? { view: 'lesson', id, student } : { view: 'index' };
  const enc = params.get('assignment');
  if (enc !== null) {
    const bytes = base64urlDecode(enc);
    let assignment: unknown = null;
    try {
      assignment = bytes
        ? JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
        : null;
    } catch {
      assignment = null;
    }
    return { view: 'assignment', assignment, student };
  }
  return null;
}

export function lessonHash(id: string, student = ''): string {
  const p = new URLSearchParams({ lesson: id });
  if (student) p.set('student', student);
  return `#${p.toString()}`;
}

export function assignmentHash(assignment: unknown, student = ''): string {
  const enc = base64urlEncode(new TextEncoder().encode(JSON.stringify(assignment)));
  return `#assignment=${enc}${student ? `&student=${encodeURIComponent(student)}` : ''}`;
}

/** The same route with another student id (for the student-id field). */
export function withStudent(hash: string, student: string): string {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  if (student) p.set('student', student);
  else p.delete('student');
  return `#${p.toString()}`;
}
