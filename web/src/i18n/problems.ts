// Problems from the grader (a code, a field path, parameters: wasm/grade/src/problem.rs) in
// the reader's language. The English must read as the grader's own (the CLI's messages and the
// grade file's notes): tests/unit/problems.test.ts compares them with
// tests/fixtures/lessons/problems.json, and checks that Japanese has every code too.
import type { Problem, ProblemCode } from '../sim/boundary';

type P = (name: string) => string;
type Words = Record<ProblemCode, (p: P) => string>;

const en: Words = {
  json_syntax: (p) => `not JSON: ${p('detail')}`,
  unknown_field: (p) => `unknown field '${p('field')}'`,
  missing_field: (p) => `missing field '${p('field')}'`,
  wrong_type: (p) => `must be ${p('expected')}`,
  wrong_format: (p) => `format must be "${p('expected')}"`,
  bad_id: () => 'use 1 to 64 letters, digits, - and _',
  no_scenarios: () => 'the assignment names no scenario',
  bad_scenario_name: (p) => `scenario name '${p('name')}': letters, digits, - and _ only`,
  scenario_not_found: (p) => `there is no scenario '${p('name')}'`,
  seed_range: () => 'min must not exceed max',
  no_values: (p) => `'${p('path')}' needs at least one value`,
  variant_reaches_nothing: (p) => `'${p('path')}' reaches nothing in scenario '${p('scenario')}'`,
  duplicate_question: (p) => `question id '${p('id')}' is used twice`,
  no_tolerance: (p) => `question '${p('id')}' needs a tolerance (abs or rel)`,
  bad_number: () => 'must be a finite number ≥ 0',
  unknown_scenario: (p) => `the assignment has no scenario '${p('scenario')}'`,
  no_english: (p) => `'${p('field')}' needs an English text (en)`,
  path_empty: () => 'the path is empty',
  path_unclosed: (p) => `'${p('path')}': '[' without a closing ']' in '${p('part')}'`,
  path_empty_selector: (p) => `'${p('path')}': empty selector in '${p('part')}'`,
  path_empty_name: (p) => `'${p('path')}': empty name`,
  unknown_aggregate: (p) =>
    `unknown aggregate '${p('aggregate')}:' (sum, mean, min, max, count, jain)`,
  unknown_comparison: (p) => `unknown comparison '${p('by')}' (ratio, difference)`,
  metric_missing: (p) => `'${p('metric')}' reaches nothing in the run summary`,
  metric_not_number: (p) => `'${p('metric')}' reaches a value that is not a number`,
  metric_many: (p) =>
    `'${p('metric')}' reaches ${p('count')} values: add sum:, mean:, min:, max:, count: or jain:`,
  division_by_zero: (p) => `'${p('metric')}' is zero, so the ratio has no value`,
  not_number: (p) => `'${p('text')}' is not a number`,
  out_of_range: (p) =>
    p('min') && p('max')
      ? `must be between ${p('min')} and ${p('max')}`
      : p('min')
        ? `must be at least ${p('min')}`
        : p('max')
          ? `must be at most ${p('max')}`
          : 'is outside what this metric can be',
  student_empty: () => 'the student id is empty',
  student_too_long: () => 'the student id is longer than 64 characters',
  code_prefix: () => 'not a result code (it does not start with TL1.)',
  code_no_checksum: () => 'the result code has no check digits (cut off?)',
  code_checksum: () =>
    "the result code's check digits do not match (changed or copied incompletely)",
  code_payload: () => 'the result code is damaged (its content cannot be read)',
  code_other_assignment: (p) => `the code is for another assignment ('${p('assignment')}')`,
  code_other_student: (p) => `the code is for another student ('${p('student')}')`,
  code_other_model: (p) =>
    `the code was made by model version ${p('theirs')}, this grader runs ${p('ours')}: its runs may differ for that reason`,
  csv_empty: () => 'the CSV has no rows',
  csv_no_student_column: () => "the CSV needs a 'student' or a 'code' column",
  csv_missing_columns: (p) =>
    `no column for ${p('questions')} and no code column: those answers count as missing`,
  csv_unclosed_quote: () => 'a quoted field is not closed (the file is cut off?)',
  csv_short_row: (p) => `the row has ${p('fields')} fields, the header ${p('expected')}`,
  csv_no_student: () => 'the row names no student (no id, and no readable code)',
  csv_duplicate_student: (p) => `student '${p('student')}' appears on lines ${p('lines')}`,
  run_failed: (p) => `scenario '${p('scenario')}' could not run: ${p('detail')}`,
  trace_mismatch: (p) =>
    `the code's run of '${p('scenario')}' is not this student's variant (trace hash ${p('theirs')} in the code, ${p('ours')} here)`,
  no_run: (p) => `the code holds no run of '${p('scenario')}' with the assigned settings`,
};

const ja: Words = {
  json_syntax: (p) => `JSON として読めません: ${p('detail')}`,
  unknown_field: (p) => `未知の項目「${p('field')}」`,
  missing_field: (p) => `項目「${p('field')}」がありません`,
  wrong_type: (p) => `型が違います（期待: ${p('expected')}）`,
  wrong_format: (p) => `format は "${p('expected')}" でなければなりません`,
  bad_id: () => '英数字、- と _ で 1〜64 文字にしてください',
  no_scenarios: () => '課題にシナリオがありません',
  bad_scenario_name: (p) => `シナリオ名「${p('name')}」: 英数字、- と _ のみ使えます`,
  scenario_not_found: (p) => `シナリオ「${p('name')}」はありません`,
  seed_range: () => 'min は max 以下にしてください',
  no_values: (p) => `「${p('path')}」には値が少なくとも 1 つ必要です`,
  variant_reaches_nothing: (p) =>
    `「${p('path')}」はシナリオ「${p('scenario')}」の何も指していません`,
  duplicate_question: (p) => `問題 ID「${p('id')}」が 2 回使われています`,
  no_tolerance: (p) => `問題「${p('id')}」に許容誤差（abs か rel）が必要です`,
  bad_number: () => '0 以上の有限の数にしてください',
  unknown_scenario: (p) => `課題にシナリオ「${p('scenario')}」はありません`,
  no_english: (p) => `「${p('field')}」には英語の文（en）が必要です`,
  path_empty: () => 'パスが空です',
  path_unclosed: (p) => `「${p('path')}」: 「${p('part')}」の [ が ] で閉じていません`,
  path_empty_selector: (p) => `「${p('path')}」: 「${p('part')}」の [] が空です`,
  path_empty_name: (p) => `「${p('path')}」: 名前が空です`,
  unknown_aggregate: (p) =>
    `未知の集計「${p('aggregate')}:」（sum, mean, min, max, count, jain が使えます）`,
  unknown_comparison: (p) => `未知の比較「${p('by')}」（ratio, difference が使えます）`,
  metric_missing: (p) => `「${p('metric')}」は実行結果の何も指していません`,
  metric_not_number: (p) => `「${p('metric')}」が指す値は数ではありません`,
  metric_many: (p) =>
    `「${p('metric')}」は ${p('count')} 個の値を指します: sum:, mean:, min:, max:, count:, jain: のどれかを付けてください`,
  division_by_zero: (p) => `「${p('metric')}」が 0 なので比が求まりません`,
  not_number: (p) => `「${p('text')}」は数ではありません`,
  out_of_range: (p) =>
    p('min') && p('max')
      ? `${p('min')} から ${p('max')} の間でなければなりません`
      : p('min')
        ? `${p('min')} 以上でなければなりません`
        : p('max')
          ? `${p('max')} 以下でなければなりません`
          : 'この量が取りえない値です',
  student_empty: () => '学生 ID が空です',
  student_too_long: () => '学生 ID が 64 文字を超えています',
  code_prefix: () => '結果コードではありません（TL1. で始まっていません）',
  code_no_checksum: () => '結果コードにチェック桁がありません（途中で切れていませんか）',
  code_checksum: () => '結果コードのチェック桁が合いません（書き換えられたか、コピーが不完全です）',
  code_payload: () => '結果コードが壊れています（内容を読めません）',
  code_other_assignment: (p) => `別の課題（「${p('assignment')}」）のコードです`,
  code_other_student: (p) => `別の学生（「${p('student')}」）のコードです`,
  code_other_model: (p) =>
    `このコードはモデルのバージョン ${p('theirs')} で作られました。採点はバージョン ${p('ours')} で行うので、そのために実行結果が異なる場合があります`,
  csv_empty: () => 'CSV に行がありません',
  csv_no_student_column: () => 'CSV には student 列か code 列が必要です',
  csv_missing_columns: (p) =>
    `${p('questions')} の列も code 列もありません: それらの解答は未回答として扱います`,
  csv_unclosed_quote: () => '引用符で囲んだ欄が閉じていません（ファイルが途中で切れていませんか）',
  csv_short_row: (p) => `この行の欄は ${p('fields')} 個、見出しは ${p('expected')} 個です`,
  csv_no_student: () => 'この行には学生がありません（ID も、読めるコードもありません）',
  csv_duplicate_student: (p) => `学生「${p('student')}」が ${p('lines')} 行目に重複しています`,
  run_failed: (p) => `シナリオ「${p('scenario')}」を実行できませんでした: ${p('detail')}`,
  trace_mismatch: (p) =>
    `コードにある「${p('scenario')}」の実行は、この学生の変種ではありません（トレースのハッシュ: コードでは ${p('theirs')}、ここでは ${p('ours')}）`,
  no_run: (p) => `コードには、指定の設定での「${p('scenario')}」の実行がありません`,
};

export const PROBLEM_WORDS = { en, ja } as const;

/** The problem as a sentence in `lang` (English for a language without its own words). */
export function problemText(p: Problem, lang: string): string {
  const words = lang === 'ja' ? ja : en;
  const param: P = (name) => p.params[name] ?? '';
  const say = words[p.code] as ((p: P) => string) | undefined;
  const text = say ? say(param) : p.code;
  return p.path ? `${p.path}: ${text}` : text;
}
