// Where the lesson view reads its lesson and student ids: the URL fragment. `#lessons` lists
// the lessons, `#lesson=ID&student=S` opens one, `#assignment=<base64url JSON>&student=S` opens
// a teacher-made assignment, `#teacher` opens the teacher view, `#grade` the grading page
// (`#grade&lesson=ID` or `#grade&assignment=<base64url JSON>` with that assignment chosen).
// Anything else is the lab. (The lead may route these through the shell's versioned URL
// codec: this is the one place.)

/** RFC 4648 §5 base64url without padding (assignment links). */
export function base64urlEncode(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64urlDecode(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export type LessonRoute =
  | { view: 'index' }
  | { view: 'lesson'; id: string; student: string }
  | { view: 'assignment'; assignment: unknown; student: string }
  | { view: 'teacher' }
  | { view: 'grade'; lesson: string | null; assignment: unknown };

const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Student ids: printable, at most 64 characters (they go into CSVs and result codes). */
export function cleanStudentId(s: string): string {
  return s
    .replace(/[\p{C}]/gu, '')
    .trim()
    .slice(0, 64);
}

function decodeAssignment(enc: string): unknown {
  const bytes = base64urlDecode(enc);
  try {
    return bytes ? JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) : null;
  } catch {
    return null;
  }
}

export function parseLessonRoute(hash: string): LessonRoute | null {
  const h = hash.replace(/^#/, '');
  if (h === 'lessons') return { view: 'index' };
  if (h === 'teacher') return { view: 'teacher' };
  const params = new URLSearchParams(h);
  if (params.has('grade')) {
    const lesson = params.get('lesson');
    const enc = params.get('assignment');
    return {
      view: 'grade',
      lesson: lesson !== null && ID.test(lesson) ? lesson : null,
      assignment: enc === null ? null : decodeAssignment(enc),
    };
  }
  const student = cleanStudentId(params.get('student') ?? '');
  const id = params.get('lesson');
  if (id !== null) return ID.test(id) ? { view: 'lesson', id, student } : { view: 'index' };
  const enc = params.get('assignment');
  if (enc !== null) return { view: 'assignment', assignment: decodeAssignment(enc), student };
  return null;
}

export function lessonHash(id: string, student = ''): string {
  const p = new URLSearchParams({ lesson: id });
  if (student) p.set('student', student);
  return `#${p.toString()}`;
}

const encodeAssignment = (a: unknown) =>
  base64urlEncode(new TextEncoder().encode(JSON.stringify(a)));

export function assignmentHash(assignment: unknown, student = ''): string {
  return `#assignment=${encodeAssignment(assignment)}${student ? `&student=${encodeURIComponent(student)}` : ''}`;
}

/** The grading page, with a lesson's or a teacher-made assignment chosen (or none). */
export function gradeHash(
  what: { lesson: string } | { assignment: unknown } | null = null,
): string {
  if (what === null) return '#grade';
  if ('lesson' in what) return `#grade&lesson=${encodeURIComponent(what.lesson)}`;
  return `#grade&assignment=${encodeAssignment(what.assignment)}`;
}

/** The same route with another student id (for the student-id field). */
export function withStudent(hash: string, student: string): string {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  if (student) p.set('student', student);
  else p.delete('student');
  return `#${p.toString()}`;
}
