// Strings of the classroom pages (a lesson's student id, answers kept out of sight, the
// grading page), kept apart from en.ts and ja.ts so the lab's dictionaries stay as they are.
// The type checker makes sure Japanese translates all of it.

export const classroomEn = {
  fallbackMark: 'EN',
  fallbackTitle: 'Not translated yet: shown in English',
  loadingWasm: 'Loading the simulator…',
  badAssignment: 'This assignment cannot be used:',
  student: {
    normalised: (id: string) =>
      `Your id is read as “${id}” (case, spaces and full-width letters do not matter).`,
    hint: 'Type the id your teacher gave you. Upper and lower case, spaces around it and full-width letters make no difference.',
    needed: 'Type your student id first: without it there is no result code to hand in.',
    confirmChange: (n: number) =>
      `A new id gives you another variant of the experiment and clears your ${n} answer${n === 1 ? '' : 's'}.`,
    confirmYes: 'Change id and clear answers',
    confirmNo: 'Keep my id',
  },
  reveal: {
    hidden: 'hidden until you answer',
    hiddenFor: (q: string) => `Hidden until you answer “${q}”.`,
    showAnswer: 'Show the answer',
    showAnswerHint: 'Your answer then becomes final.',
    shownFinal: (v: string) => `The run gave ${v}. Your answer is final.`,
    predictionMore: 'The run gave more than you predicted.',
    predictionLess: 'The run gave less than you predicted.',
    predictionLocked: 'Predictions are fixed once the run has been made.',
    hint: 'Hint',
    afterLocked: (qs: string) =>
      `The discussion of these results appears here once you have answered: ${qs}.`,
  },
  range: {
    refused: (reason: string) => `Not possible: ${reason}.`,
  },
  teacherLinks: {
    grade: 'Grade this assignment in the page',
    gradeAny: 'Grade an assignment',
    /** The grading page's way back to the teacher view (its heading). */
    backToTeacher: 'Make an assignment',
  },
  teacher: {
    intro:
      'Turn a scenario into an assignment: choose what students may change, what they see, and the questions checked against each student’s own run. Share the link, collect the result codes, and grade them in this page.',
    english: 'English',
    japanese: '日本語, optional',
    valuesOf: (path: string) => `Values of ${path} per student`,
    valuesHint: 'e.g. 10, 20, 40',
    plainNumber: 'a plain number',
    tolRelPercent: '± relative (%)',
    gradeHint:
      'Students hand in a result code (or its CSV). Collect the codes in a CSV with a student column and a code column, then grade them in this page; the same assignment JSON also works with tcplab grade on the command line.',
  },
  grade: {
    heading: 'Grade an assignment',
    intro:
      'Everything happens in this page, also offline: each student’s variant is run again here and every answer is checked against that student’s own run. Nothing is uploaded.',
    assignment: 'Assignment',
    pickLesson: 'Choose…',
    otherAssignment: 'Another assignment (its JSON file or link)',
    assignmentFile: 'Assignment JSON file',
    assignmentPaste: 'or paste the assignment’s link or JSON',
    assignmentOk: (title: string, n: number) => `“${title}”: ${n} question${n === 1 ? '' : 's'}.`,
    notAssignment: 'This is not an assignment link or JSON.',
    students: 'Students’ answers (CSV)',
    studentsHint:
      'A CSV with a student column and a code column (the result codes students handed in), or a column per question id, or both. Comma, semicolon or tab; a spreadsheet’s export is fine.',
    studentsFile: 'CSV file',
    studentsDrop: 'Drop the CSV here, or choose the file, or paste it below.',
    studentsPaste: 'CSV text',
    studentsRead: (name: string, lines: number) =>
      `${name}: ${lines} line${lines === 1 ? '' : 's'}.`,
    grade: 'Grade',
    cancel: 'Stop',
    runs: (done: number, total: number) => `${done} of ${total} runs`,
    elapsed: (t: string) => `${t} elapsed`,
    left: (t: string) => `about ${t} left`,
    cancelled: 'Stopped. Nothing was graded; press Grade to start again.',
    summary: (n: number, mean: string, max: string) =>
      `${n} student${n === 1 ? '' : 's'} graded; mean score ${mean} of ${max}.`,
    fileProblems: 'About the CSV as a whole:',
    colStudent: 'Student',
    colLine: 'Line',
    colScore: 'Score',
    colTrace: 'Runs match',
    colProblems: 'Problems',
    verdict: {
      correct: 'correct',
      wrong: 'wrong',
      missing: 'no answer',
      not_number: 'not a number',
      out_of_range: 'impossible value',
      no_expected: 'could not be checked',
    } as Record<string, string>,
    traceYes: 'yes',
    traceNo: 'no',
    traceNone: 'no code',
    prediction: 'prediction, not scored',
    downloads: 'Download the grades',
    dlFull: 'All columns (answers, expected values, notes)',
    dlScores: 'Student and score (Moodle, Google Classroom)',
    dlPerQuestion: 'A column per question',
    dlCanvas: 'Canvas gradebook layout',
    downloadsHint:
      'Moodle: Grades → Import → CSV file, then map “student” to the user field your ids are (ID number, username or email) and “score” to the grade item. Canvas: Grades → Import; the student ids must be the SIS login ids. Google Classroom has no CSV import: open the file in a spreadsheet and copy the scores into the grade column. The same files come from tcplab grade on the command line.',
  },
  key: {
    heading: 'Answer key',
    intro:
      'Runs every variant of the assignment here and lists each question’s answer: what the lab shows, for you and not for the students (lessons do not print it).',
    introSeeds:
      'Runs every variant of the assignment with the scenario’s own seed and lists each question’s answer. Each student’s seed differs, so their numbers differ a little: the grading above checks each against their own run.',
    run: 'Run every variant',
    running: 'Running…',
    variant: 'Variant',
    only: 'the one variant',
  },
};

export type ClassroomStrings = typeof classroomEn;

export const classroomJa: ClassroomStrings = {
  fallbackMark: 'EN',
  fallbackTitle: '未翻訳のため英語で表示しています',
  loadingWasm: 'シミュレータを読み込んでいます…',
  badAssignment: 'この課題は使えません:',
  student: {
    normalised: (id: string) =>
      `あなたの ID は「${id}」として扱われます（大文字・小文字、空白、全角文字の違いは問いません）。`,
    hint: '先生から指定された ID を入力してください。大文字・小文字、前後の空白、全角文字の違いは区別しません。',
    needed: '先に学生 ID を入力してください。ID がないと提出用の結果コードが作れません。',
    confirmChange: (n: number) =>
      `ID を変えると実験の変種が変わり、入力済みの解答 ${n} 件が消えます。`,
    confirmYes: 'ID を変えて解答を消す',
    confirmNo: 'ID を変えない',
  },
  reveal: {
    hidden: '解答するまで非表示',
    hiddenFor: (q: string) => `「${q}」に解答するまで表示しません。`,
    showAnswer: '答えを見る',
    showAnswerHint: '見ると、あなたの解答はそのまま確定します。',
    shownFinal: (v: string) => `実行結果は ${v} でした。解答は確定しました。`,
    predictionMore: '実行結果は予想より大きくなりました。',
    predictionLess: '実行結果は予想より小さくなりました。',
    predictionLocked: '予想は実行した後は変えられません。',
    hint: 'ヒント',
    afterLocked: (qs: string) => `次の問題に解答すると、ここに結果の考察が表示されます: ${qs}。`,
  },
  range: {
    refused: (reason: string) => `ありえない値です: ${reason}。`,
  },
  teacherLinks: {
    grade: 'この課題をページで採点する',
    gradeAny: '課題を採点する',
    backToTeacher: '課題を作る',
  },
  teacher: {
    intro:
      'シナリオを課題にします。学生が変えられる設定と見える設定、各学生自身の実行結果と照合する問題を選んでください。リンクを共有し、結果コードを集め、このページで採点します。',
    english: 'English',
    japanese: '日本語、任意',
    valuesOf: (path: string) => `学生ごとの ${path} の値`,
    valuesHint: '例: 10, 20, 40',
    plainNumber: '単位なしの数',
    tolRelPercent: '± 相対（%）',
    gradeHint:
      '学生は結果コード（またはその CSV）を提出します。student 列と code 列を持つ CSV にまとめ、このページで採点してください。同じ課題 JSON はコマンドラインの tcplab grade でも使えます。',
  },
  grade: {
    heading: '課題を採点する',
    intro:
      'すべてこのページの中で行います（オフラインでも動きます）。学生ごとの変種をここでもう一度実行し、各解答をその学生自身の実行結果と照合します。何もアップロードしません。',
    assignment: '課題',
    pickLesson: '選んでください…',
    otherAssignment: 'ほかの課題（JSON ファイルかリンク）',
    assignmentFile: '課題の JSON ファイル',
    assignmentPaste: 'または課題のリンクか JSON を貼り付け',
    assignmentOk: (title: string, n: number) => `「${title}」: 問題 ${n} 問。`,
    notAssignment: '課題のリンクでも JSON でもありません。',
    students: '学生の解答（CSV）',
    studentsHint:
      'student 列と code 列（学生が提出した結果コード）、または問題 ID ごとの列、またはその両方を持つ CSV。区切りはカンマ、セミコロン、タブのどれでもよく、表計算ソフトの書き出しをそのまま使えます。',
    studentsFile: 'CSV ファイル',
    studentsDrop: 'ここに CSV をドロップするか、ファイルを選ぶか、下に貼り付けてください。',
    studentsPaste: 'CSV のテキスト',
    studentsRead: (name: string, lines: number) => `${name}: ${lines} 行。`,
    grade: '採点する',
    cancel: '中止',
    runs: (done: number, total: number) => `${total} 回中 ${done} 回実行`,
    elapsed: (t: string) => `経過 ${t}`,
    left: (t: string) => `残り約 ${t}`,
    cancelled: '中止しました。何も採点していません。「採点する」でやり直せます。',
    summary: (n: number, mean: string, max: string) =>
      `${n} 人を採点しました。平均点は ${max} 点中 ${mean} 点です。`,
    fileProblems: 'CSV 全体について:',
    colStudent: '学生',
    colLine: '行',
    colScore: '得点',
    colTrace: '実行の一致',
    colProblems: '問題点',
    verdict: {
      correct: '正解',
      wrong: '不正解',
      missing: '未回答',
      not_number: '数ではない',
      out_of_range: 'ありえない値',
      no_expected: '照合できず',
    } as Record<string, string>,
    traceYes: '一致',
    traceNo: '不一致',
    traceNone: 'コードなし',
    prediction: '予想（採点対象外）',
    downloads: '成績をダウンロード',
    dlFull: '全項目（解答、正しい値、注記）',
    dlScores: '学生と得点（Moodle、Google Classroom）',
    dlPerQuestion: '問題ごとの列',
    dlCanvas: 'Canvas の成績表の形式',
    downloadsHint:
      'Moodle: 評定 → インポート → CSV ファイルで、「student」を ID の種類（ID ナンバー、ユーザ名、メールアドレス）に、「score」を評定項目に対応づけます。Canvas: 成績 → インポート。学生 ID は SIS ログイン ID である必要があります。Google Classroom には CSV の取り込みがないため、表計算ソフトで開いて得点を成績の列に写してください。コマンドラインの tcplab grade でも同じファイルが作れます。',
  },
  key: {
    heading: '解答一覧',
    intro:
      '課題のすべての変種をここで実行し、各問題の答えを一覧にします。これは先生向けの「ラボが示す値」で、学生の読むレッスンには載せません。',
    introSeeds:
      '課題のすべての変種をシナリオ自身のシードで実行し、各問題の答えを一覧にします。学生ごとにシードが違うので値も少しずつ違います。上の採点は各学生を本人の実行結果と照合します。',
    run: 'すべての変種を実行',
    running: '実行中…',
    variant: '変種',
    only: '変種は 1 つ',
  },
};

export function classroomStrings(lang: string): ClassroomStrings {
  return lang === 'ja' ? classroomJa : classroomEn;
}
