// The problems a sweep file can have (scenario/sweepFileProblems.ts), in Japanese: the same keys
// and arguments as the English, so the compiler names any problem left untranslated. A quoted
// path, name or value stays as the file has it; a problem quoted from another reader (a field
// path's syntax, the scenario validator) stays in that reader's words.
import type { SWEEP_FILE_PROBLEMS } from '../scenario/sweepFileProblems';

export const SWEEP_FILE_PROBLEMS_JA: typeof SWEEP_FILE_PROBLEMS = {
  unknownField: (key, expected) => `未知のフィールド '${key}' です。使えるのは ${expected} です`,
  notAPath: () => 'フィールドのパス (文字列) を指定してください',
  badPath: (problem) => problem,
  badName: (name) => `'${name}': 英字、数字、'_'、'-'、'.' だけを使ってください`,
  reservedName: (name) => `'${name}' は tcplab が書く列の名前です`,
  notFinite: () => '有限の数値を指定してください',
  notParameter: () =>
    'name と、path と values、range、cases のいずれかを持つオブジェクトを指定してください',
  oneOfValues: () => 'values、range、cases のうちちょうど 1 つを指定してください',
  casesWithPath: () => 'cases は set の中で自分のパスを指定します。path は書かないでください',
  notCases: () => 'ケースのリストを指定してください',
  noCases: () => '空のリストです。ケースを 1 つ以上指定してください',
  notCase: () => 'label と set を持つオブジェクトを指定してください',
  badLabel: () => '1 行のラベルを指定してください',
  notSet: () => 'フィールドのパス → 値 のオブジェクトを指定してください',
  noPath: () => '値を受け取るシナリオのフィールドを指定してください',
  notValues: () => '値のリストを指定してください',
  noValues: () => '空のリストです。値を 1 つ以上指定してください',
  notRange: () => 'from、to、points を持つオブジェクトを指定してください',
  notWhole: () => '整数を指定してください',
  noPoints: () => '空の範囲です。点を 1 つ以上指定してください',
  badScale: () => "'linear' か 'log' を指定してください",
  logNotPositive: () => '対数スケールには 0 より大きい from と to が必要です',
  notBoolean: () => 'true か false を指定してください',
  notJson: (why) => `JSON ではありません: ${why}`,
  notObject: () => 'スイープファイルは JSON オブジェクトです',
  badVersion: (version) => `この tcplab が読めるのはバージョン ${version} のスイープファイルです`,
  notString: () => '文字列を指定してください',
  unknownScenario: (name) =>
    `'${name}' はラボのシナリオではありません。シナリオのオブジェクトそのものをファイルに入れてください`,
  notScenario: () => 'シナリオのパスかシナリオのオブジェクトを指定してください',
  badBase: (problem) => `元のシナリオ: ${problem}`,
  notParameters: () => 'パラメータのリストを指定してください',
  sameName: (name) => `'${name}' が 2 つのパラメータの名前になっています`,
  notSeeds: () => 'シードのリストを指定してください',
  noSeeds: () => '空のリストです。シードを 1 つ以上指定するか、seeds を書かないでください',
  badSeed: () => '0 から 4294967295 までの整数を指定してください',
  notMetrics: () => 'サマリーのパスのリストを指定してください',
  severalValues: (metric) =>
    `'${metric}' は複数の値を指しています。flows[0] のように番号か id で 1 つを選んでください`,
  sameColumn: (metric) => `'${metric}' はすでに列にあります`,
  tooManyPoints: (count, cap) =>
    `${count} 点は 1 つのスイープファイルの上限 ${cap} を超えています。スイープを複数のファイルに分けてください`,
  reachesNothing: (path) => `'${path}' はシナリオのどのフィールドにも届きません`,
  valueGives: (cell, problem) => `${cell} では ${problem}`,
  pointGives: (point, where, problem) => `点 ${point} (${where}): ${problem}`,
};
