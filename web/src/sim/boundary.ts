/* Generated from web/src/sim/boundary.schema.json by scripts/gen-schema.mjs. Do not edit:
 * change the Rust types (listed in wasm/cli/src/boundary.rs) and run `npm run gen:schema`. */

export type Comparison = 'ratio' | 'difference';
export type Text =
  | string
  | {
      [k: string]: string | undefined;
    };
/**
 * One scenario error's code. The page has a Japanese template for every code (a test
 * reads this list from the published boundary schema and checks the dictionary).
 */
export type ErrorCode =
  | 'json_syntax'
  | 'wrong_type'
  | 'invalid_value'
  | 'unknown_variant'
  | 'unknown_field'
  | 'missing_field'
  | 'duplicate_field'
  | 'invalid_length'
  | 'too_large'
  | 'byte_order_mark'
  | 'utf16'
  | 'utf16_no_mark'
  | 'not_utf8'
  | 'unreadable'
  | 'not_finite'
  | 'out_of_range'
  | 'not_positive'
  | 'above_max'
  | 'below_min'
  | 'below_floor'
  | 'below_floor_or_zero'
  | 'not_in_open_closed'
  | 'not_in_open'
  | 'not_in_closed'
  | 'integer_not_in_closed'
  | 'not_fraction'
  | 'negative'
  | 'negative_value'
  | 'negative_time'
  | 'not_above_field'
  | 'below_field'
  | 'not_below_field'
  | 'not_exceeding_field'
  | 'not_after_field'
  | 'empty'
  | 'too_long'
  | 'bad_id_chars'
  | 'duplicate_id'
  | 'too_many'
  | 'flow_listed_twice'
  | 'flow_reserved_twice'
  | 'unknown_node'
  | 'unknown_flow'
  | 'router_flow_end'
  | 'router_host_model'
  | 'router_in_rule'
  | 'pattern_matches_no_host'
  | 'bad_pattern'
  | 'bad_pattern_chars'
  | 'rule_shadowed'
  | 'same_src_dst'
  | 'no_path'
  | 'same_link_ends'
  | 'unsupported_version'
  | 'too_many_samples'
  | 'start_after_end'
  | 'jitter_after_end'
  | 'too_many_events'
  | 'trace_too_large'
  | 'long_run'
  | 'large_trace'
  | 'ssthresh_below_two'
  | 'mss_exceeds_mtu'
  | 'mtu_no_payload'
  | 'buffer_not_one_segment'
  | 'receiver_buffer_not_one_segment'
  | 'processing_rate_zero'
  | 'rack_needs_sack'
  | 'frto_needs_sack'
  | 'ssthresh_newreno_only'
  | 'ssthresh_newreno_only_rule'
  | 'port_zero'
  | 'rule_port_zero'
  | 'switch_not_tcp'
  | 'switch_time'
  | 'loss_rate_range'
  | 'switch_window'
  | 'datagram_size'
  | 'udp_on_off_needs_rate'
  | 'tcp_on_off_rate'
  | 'source_not_for_protocol'
  | 'tick_range'
  | 'tick_too_fine'
  | 'jitter_with_tick'
  | 'rate_changes_with_trace'
  | 'nth_list_length'
  | 'nth_from_one'
  | 'gilbert_never_recovers'
  | 'rate_change_zero'
  | 'rate_change_order'
  | 'bad_trace'
  | 'limit_both'
  | 'limit_neither'
  | 'reservations_exceed_link'
  | 'byte_limit_range'
  | 'bucket_below_mtu'
  | 'above_ten_gigabytes'
  | 'peak_burst_needs_rate'
  | 'bus_no_bandwidth'
  | 'nic_buffer_below_mtu'
  | 'preset_nic_buffer_below_mtu';
/**
 * One problem's code. The page has an English and a Japanese sentence for every code (a
 * test reads this list from the published schema and checks both dictionaries).
 */
export type ProblemCode =
  | 'json_syntax'
  | 'unknown_field'
  | 'missing_field'
  | 'wrong_type'
  | 'wrong_format'
  | 'bad_id'
  | 'no_scenarios'
  | 'bad_scenario_name'
  | 'scenario_not_found'
  | 'seed_range'
  | 'no_values'
  | 'variant_reaches_nothing'
  | 'duplicate_question'
  | 'no_tolerance'
  | 'bad_number'
  | 'unknown_scenario'
  | 'no_english'
  | 'path_empty'
  | 'path_unclosed'
  | 'path_empty_selector'
  | 'path_empty_name'
  | 'unknown_aggregate'
  | 'unknown_comparison'
  | 'metric_missing'
  | 'metric_not_number'
  | 'metric_many'
  | 'division_by_zero'
  | 'not_number'
  | 'out_of_range'
  | 'student_empty'
  | 'student_too_long'
  | 'code_prefix'
  | 'code_no_checksum'
  | 'code_checksum'
  | 'code_payload'
  | 'code_other_assignment'
  | 'code_other_student'
  | 'code_other_model'
  | 'csv_empty'
  | 'csv_no_student_column'
  | 'csv_missing_columns'
  | 'csv_unclosed_quote'
  | 'csv_short_row'
  | 'csv_no_student'
  | 'csv_duplicate_student'
  | 'run_failed'
  | 'trace_mismatch'
  | 'no_run';
/**
 * What became of one answer.
 */
export type Verdict =
  ('correct' | 'wrong') | 'missing' | 'not_number' | 'out_of_range' | 'no_expected';
/**
 * One parameter's value: a number (a limit, the value given) or a text (an id, a unit).
 */
export type Param = number | string;
/**
 * Whether a scenario may run.
 */
export type WorkLevel = 'ok' | 'warn' | 'refuse';
/**
 * Which elements of a list a segment picks. The page reads parsed paths to name settings
 * and metrics in words.
 */
export type Selector =
  | {
      kind: 'all';
    }
  | {
      index: number;
      kind: 'index';
    }
  | {
      key: string;
      kind: 'field';
      value: string;
    }
  | {
      direction: string;
      id: string;
      kind: 'id_direction';
    }
  | {
      id: string;
      kind: 'id';
    };

/**
 * The root: one field per type, so that each is a named definition.
 */
export interface Boundary {
  assignment: Assignment;
  /**
   * The trace columns (`Simulation.columns()`).
   */
  columns: Column[];
  error_code: ErrorCode;
  graded: Graded;
  key_variants: KeyVariant[];
  lesson_state: LessonState;
  path_set: PathSet;
  problem: Problem;
  problem_code: ProblemCode;
  scenario_check: ScenarioCheck;
  segments: Segment[];
  student_view: StudentView;
  summary: Summary;
  validation_error: ValidationError;
  work_estimate: WorkEstimate;
}
export interface Assignment {
  /**
   * Scenario paths a widget shows as settings.
   */
  controls?: string[];
  format: string;
  /**
   * Controls not shown (a hidden variant parameter is not named to the student either).
   */
  hidden?: string[];
  /**
   * Letters, digits, `-` and `_`; it picks the variants (with the student id), so two
   * assignments with one id give every student the same variant.
   */
  id: string;
  /**
   * Of the controls, those shown but not editable. Settings a variant sets are locked too.
   */
  locked?: string[];
  questions: Question[];
  /**
   * Name → a content/scenarios name (string) or a whole scenario (object). Ordered by name.
   */
  scenarios: {
    [k: string]: unknown | undefined;
  };
  title: Text;
  variants?: Variants;
}
export interface Question {
  /**
   * Checked against `metric` compared with another metric (of another run, say).
   */
  compare?: Compare | null;
  /**
   * Shown on request beside the question.
   */
  hint?: Text | null;
  /**
   * Letters, digits, `-` and `_` (a CSV column is named after it).
   */
  id: string;
  /**
   * A path into the run summary, optionally with an aggregate (`mean:flows[*].goodput_bps`).
   */
  metric: string;
  points?: number | null;
  /**
   * A prediction made before the run: shown beside the result, not scored.
   */
  predict?: boolean;
  prompt: Text;
  /**
   * Expected answer = metric × scale (b/s → Mb/s is 1e-6).
   */
  scale?: number | null;
  /**
   * The scenario whose run it is checked against; the first (by name) when absent.
   */
  scenario?: string | null;
  tolerance: Tolerance;
  unit?: Text | null;
}
/**
 * `metric` ÷ (or −) this metric, each from its own scenario's run: "how many times longer
 * was the queueing delay with DropTail than with CoDel?".
 */
export interface Compare {
  by: Comparison;
  metric: string;
  scenario?: string | null;
}
export interface Tolerance {
  abs?: number | null;
  rel?: number | null;
}
export interface Variants {
  params?: VariantParam[];
  seed?: SeedRange | null;
}
export interface VariantParam {
  path: string;
  /**
   * The scenario it applies to; every scenario of the assignment when absent.
   */
  scenario?: string | null;
  values: unknown[];
}
export interface SeedRange {
  max: number;
  min: number;
}
/**
 * Describes one column of the trace.
 */
export interface Column {
  /**
   * `time`, `flow`, `link` or `host`.
   */
  entity: 'time' | 'flow' | 'link' | 'host';
  /**
   * The flow id or `link-id:a>b` / `link-id:b>a`; empty for time.
   */
  id: string;
  /**
   * Unique key, such as `flow.f0.cwnd`.
   */
  key: string;
  /**
   * The quantity, such as `cwnd`.
   */
  metric: string;
  unit: string;
}
/**
 * The report and its files.
 */
export interface Graded {
  files: GradeFiles;
  report: Report;
}
/**
 * The grade files of a report.
 */
export interface GradeFiles {
  /**
   * Canvas's gradebook layout: `Student, ID, SIS User ID, SIS Login ID, Section,
   * <assignment>`, the student id as the SIS Login ID.
   */
  canvas: string;
  /**
   * `student, seed, <q>_got, <q>_expected, <q>_correct …, score, max_score,
   * trace_match, note`: everything, one row per student.
   */
  full: string;
  /**
   * `student, <question id> …, score`: points per scored question.
   */
  per_question: string;
  /**
   * `student, score`: for a gradebook's import (Moodle maps the two columns; a
   * spreadsheet pastes them).
   */
  scores: string;
}
/**
 * A class graded.
 */
export interface Report {
  assignment: string;
  max_score: number;
  /**
   * Problems of the whole file (a missing column, a file cut off).
   */
  problems: Problem[];
  questions: ReportQuestion[];
  rows: ReportRow[];
}
/**
 * A problem: its code, where it is, and the values its sentence names.
 */
export interface Problem {
  code: ProblemCode;
  /**
   * Name → value, as a JSON object (kept as a list: a map type of its own would cost
   * the page's WASM more than it saves).
   */
  params: {
    [k: string]: string | undefined;
  };
  /**
   * A field path in the assignment (`questions[2].tolerance`), a place in the CSV
   * (`line 4, code`), or empty for the whole input.
   */
  path: string;
}
/**
 * One question, as the report's columns name it.
 */
export interface ReportQuestion {
  id: string;
  points: number;
  predict: boolean;
}
/**
 * One student's grading.
 */
export interface ReportRow {
  /**
   * One per question, in the assignment's order.
   */
  answers: Checked[];
  /**
   * The CSV line the row starts on.
   */
  line: number;
  problems: Problem[];
  score: number;
  seed?: number | null;
  student: string;
  /**
   * Whether every run in the result code is this student's variant; null without a code.
   */
  trace_match?: boolean | null;
}
/**
 * One answer checked: the verdict, the answer as read, the expected value (when there is
 * one) and the problem behind a verdict other than correct or wrong.
 */
export interface Checked {
  answer?: number | null;
  expected?: number | null;
  problem?: Problem | null;
  verdict: Verdict;
}
/**
 * One combination of the variant parameters' values (the seed left as the scenario's).
 */
export interface KeyVariant {
  params: VariantChoice[];
  scenarios: AssignedScenario[];
}
/**
 * One variant parameter as the student meets it.
 */
export interface VariantChoice {
  /**
   * The assignment hides this setting: the student is not told it.
   */
  hidden: boolean;
  path: string;
  /**
   * The scenario it applies to; all when absent.
   */
  scenario?: string | null;
  value: unknown;
}
/**
 * One of the assignment's scenarios as the student runs it.
 */
export interface AssignedScenario {
  /**
   * The controls shown but not editable: the assignment's locked ones and those a
   * variant parameter sets.
   */
  locked: string[];
  name: string;
  /**
   * The scenario with the variant applied.
   */
  scenario: {
    [k: string]: unknown | undefined;
  };
}
/**
 * The state of a lesson's answers.
 */
export interface LessonState {
  /**
   * The result code to hand in; null while the student id cannot hand in.
   */
  code?: string | null;
  /**
   * The hand-in as a CSV the grader reads: `student, code, <question id> …`, one row.
   */
  csv?: string | null;
  max_score: number;
  /**
   * One per question, in the assignment's order.
   */
  questions: QuestionState[];
  score: number;
}
/**
 * One question's state.
 */
export interface QuestionState {
  check: Checked1;
  id: string;
  max?: number | null;
  /**
   * What the answer may be: `[min, max]`, either absent when unbounded.
   */
  min?: number | null;
  /**
   * The places its metric reads in the runs there are: the page shows no number at
   * these places until the question is answered.
   */
  places: Place[];
  /**
   * The scenario whose run it is checked against (a prediction is asked in its widget).
   */
  scenario: string;
}
/**
 * One answer checked: the verdict, the answer as read, the expected value (when there is
 * one) and the problem behind a verdict other than correct or wrong.
 */
export interface Checked1 {
  answer?: number | null;
  expected?: number | null;
  problem?: Problem | null;
  verdict: Verdict;
}
/**
 * A place in a scenario's run summary (`flows[1].goodput_bps`).
 */
export interface Place {
  place: string;
  scenario: string;
}
/**
 * A document with a path set (path.rs: every place it reaches, a missing last key created).
 */
export interface PathSet {
  /**
   * How many places were set (0: the path reaches nothing).
   */
  count: number;
  document: unknown;
}
/**
 * The scenario's errors and work estimate (`validate()`, `estimate()`).
 */
export interface ScenarioCheck {
  /**
   * Every error (the refusal of a run too large among them, at `duration_s`).
   */
  errors: ValidationError[];
  /**
   * Null when the fields have errors (there is nothing to estimate).
   */
  estimate?: WorkEstimate | null;
}
/**
 * An error in a scenario: its code, the field path (`topology.links[1].rate_bps`; empty for
 * the whole document), the values its sentence names, and that sentence in English.
 */
export interface ValidationError {
  code: ErrorCode;
  /**
   * The English sentence (the CLI prints it; the page falls back to it).
   */
  message: string;
  params: {
    [k: string]: Param | undefined;
  };
  path: string;
}
/**
 * The estimated cost of a run.
 */
export interface WorkEstimate {
  /**
   * Trace columns.
   */
  columns: number;
  /**
   * Events the event loop will process (the `events` of the run summary).
   */
  events: number;
  level: WorkLevel;
  /**
   * Why the level is not `ok`, in a sentence; empty when it is.
   */
  message: string;
  /**
   * The same as a code with parameters, at `duration_s` (the refusal is this error);
   * null when the level is `ok`.
   */
  notice?: ValidationError | null;
  /**
   * Packets put on the wire (data, ACKs, datagrams, fragments).
   */
  packets: number;
  /**
   * Sampled trace rows.
   */
  rows: number;
  /**
   * rows × columns: the values the page stores for the plots.
   */
  trace_values: number;
}
export interface Segment {
  key: string;
  selector?: Selector | null;
}
/**
 * A student's own variant of an assignment.
 */
export interface StudentView {
  params: VariantChoice[];
  problems: Problem[];
  /**
   * The assignment's scenarios, by name.
   */
  scenarios: AssignedScenario[];
  seed?: number | null;
  /**
   * The id normalised (student.rs): what the variant and the result code use.
   */
  student: string;
  /**
   * Why the id cannot hand in (empty, too long); the page still shows the lesson.
   */
  student_problem?: Problem | null;
}
/**
 * The run summary (`Simulation.summary()`, `tcplab run`).
 */
export interface Summary {
  events: number;
  flows: FlowSummary[];
  /**
   * End hosts with a modelled pipeline (paper 000); empty when all are ideal.
   */
  hosts: HostSummary[];
  /**
   * Jain's index over the flows' goodputs.
   */
  jain_index: number;
  links: LinkSummary[];
  name: string;
  simulated_time_s: number;
  trace_hash: string;
}
export interface FlowSummary {
  /**
   * Analytic throughput bounds for this flow (link, window, Mathis, PFTK,
   * the paper-000 host bound), in payload b/s; null means "no limit".
   */
  bounds?: FlowBounds | null;
  /**
   * TCP: the congestion-control algorithm running at the end, its JSON name.
   */
  cc?: string | null;
  /**
   * TCP: the `cc_rules` entry that chose the opening algorithm, if one did.
   */
  cc_rule?: number | null;
  /**
   * TCP: mid-flow algorithm switches taken.
   */
  cc_switches: number;
  /**
   * Sized transfers: seconds from the flow's start until the receiver had every byte.
   */
  completion_time_s?: number | null;
  /**
   * When data began, seconds into the run: `start_s`, or one handshake
   * later (the SYN-ACK reached the sender); null if it never did.
   */
  data_start_s?: number | null;
  delivered_bytes: number;
  /**
   * TCP: segments that reached the receiver holding only data it already had
   * (seed paper 003's "duplicate packets"); 0 for UDP.
   */
  duplicate_segments: number;
  /**
   * TCP: window reductions caused by ECN-Echo.
   */
  ecn_reductions: number;
  fast_retransmits: number;
  /**
   * Bytes delivered in order to the receiving application, × 8, over the
   * time the flow was open.
   */
  goodput_bps: number;
  id: string;
  /**
   * The longest time the receiving application waited for new in-order data while
   * the flow was open (seed paper 003's "longest waiting time"), seconds.
   */
  longest_stall_s: number;
  /**
   * Mean of the sampled cwnd while the flow was open, in segments.
   */
  mean_cwnd_segments: number;
  /**
   * When the flow opened (sent its SYN, or its first data without the
   * handshake), seconds into the run: `start_s`, plus the draw of a random
   * start (`start_jitter_s`, `scenario::flow_start_s`). `goodput_bps`
   * counts from here; known at time 0.
   */
  opened_s: number;
  /**
   * TCP with a user-level receiver (paper 001): segments its socket
   * buffer dropped. Absent otherwise.
   */
  receiver_overruns?: number | null;
  retransmitted_segments: number;
  /**
   * TCP: SYNs sent again before the SYN-ACK came (RFC 6298 §5.7).
   */
  syn_retransmits: number;
  timeouts: number;
  /**
   * TCP: tail loss probes sent (RFC 8985 §7).
   */
  tlp_probes: number;
  udp_received_packets: number;
  /**
   * UDP flows: datagrams sent and received.
   */
  udp_sent_packets: number;
}
/**
 * Every bound for one flow, all in b/s of **payload** (goodput), so they
 * compare with the flow's goodput trace. Infinite (JSON null) means "no limit".
 */
export interface FlowBounds {
  /**
   * Base round-trip time: propagation both ways plus one MTU's
   * serialisation per data hop and one ACK's per ACK hop, s.
   */
  base_rtt_s: number;
  /**
   * Slowest link rate on the data path, b/s of the wire.
   */
  bottleneck_bps?: number | null;
  /**
   * Max-min fair share once every flow has started ([`super::fair_share`]);
   * ∞ until the scenario's other flows are known.
   */
  fair_share_bps?: number | null;
  /**
   * The max-min fair share over time: a step at every flow start.
   */
  fair_share_steps: FairShareStep[];
  flow: string;
  /**
   * Paper 000 (3.44/3.45, corrected max form) for the receiving host.
   */
  host_bound_bps?: number | null;
  /**
   * The same as printed (min form).
   */
  host_bound_printed_bps?: number | null;
  /**
   * Bottleneck rate × MSS/MTU.
   */
  link_bps?: number | null;
  /**
   * The loss rate Mathis and PFTK use above: the scenario's own (random
   * loss on the path), 0 when it has none.
   */
  loss_p: number;
  /**
   * Mathis, C = 1.22.
   */
  mathis_bps?: number | null;
  /**
   * Mathis, C = 0.87.
   */
  mathis_delayed_ack_bps?: number | null;
  /**
   * Mathis (C = 1.22) at the measured loss rate; ∞ without one.
   */
  mathis_measured_bps?: number | null;
  /**
   * The loss rate the finished run measured ([`measured_loss_rate`]); None
   * before the end, or when the flow lost nothing.
   */
  measured_loss_p?: number | null;
  /**
   * Smallest MTU on the path, bytes; MSS = MTU − 40.
   */
  mtu_bytes: number;
  pftk_bps?: number | null;
  /**
   * PFTK at the measured loss rate; ∞ without one.
   */
  pftk_measured_bps?: number | null;
  /**
   * The receiving host model's own saturated rate (serial: equals
   * `host_bound_bps` at small RTT; pipelined: its slowest stage).
   */
  receiver_capacity_bps?: number | null;
  /**
   * W/RTT.
   */
  window_bps?: number | null;
}
/**
 * From `from_s` on (until the next step), the flow's max-min share, b/s of payload.
 */
export interface FairShareStep {
  /**
   * ∞ (JSON null): no limit.
   */
  bps?: number | null;
  from_s: number;
}
export interface HostSummary {
  /**
   * Paper 000's recv()-time bandwidth estimate (eq. 3.60), if it has one.
   */
  bandwidth_estimate_bps?: number | null;
  id: string;
  /**
   * Frames dropped because the NIC buffer was full.
   */
  nic_overruns: number;
}
export interface LinkSummary {
  /**
   * `a>b` or `b>a`.
   */
  direction: string;
  drops: number;
  id: string;
  /**
   * Mean time packets waited in the queue before transmission, seconds.
   */
  mean_queueing_delay_s: number;
  /**
   * Time packets spent in the pipe after their last bit left (propagation, jitter,
   * an emulator's timer tick); null before any packet.
   */
  pipe_delay?: DelayStatsSummary | null;
  tx_bytes: number;
  tx_packets: number;
  /**
   * Fraction of the run the transmitter was busy.
   */
  utilisation: number;
}
/**
 * Mean, population standard deviation, minimum and maximum of a delay, seconds.
 */
export interface DelayStatsSummary {
  max_s: number;
  mean_s: number;
  min_s: number;
  sd_s: number;
}
