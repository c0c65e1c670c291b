/// A verb's results as test cases, the one list every machine report of a test run is rendered
/// from (`--junit FILE` today): `verify` makes one suite per lane (each recording a case, lint,
/// taxonomy and runner problems a case each), `record --check` one suite of its findings.
///
/// Plain text values: escaping is the renderer's (``JUnitReport``).
struct TestSuite: Equatable, Sendable {
  /// One test case: a recording, or a problem outside the recordings.
  struct Case: Equatable, Sendable {
    /// Why a case failed.
    struct Failure: Equatable, Sendable {
      /// One line, for a CI test tab's list.
      var message: String
      /// The kind of failure (`stateDiverged`, `lint`, `drifted`).
      var type: String
      /// Everything about it (a failure block, the findings).
      var text: String
    }

    /// The group the case is listed under (`duet-verify.kotlin.counter`).
    var classname: String
    /// The case's name (a recording's).
    var name: String
    /// The file it is about, when one.
    var file: String?
    /// Its wall time, when measured.
    var durationMillis: Int?
    /// Its failure; nil when it passed.
    var failure: Failure?
  }

  /// The suite's name (`duet-verify kotlin shard 1 of 2`).
  var name: String
  /// The suite's wall time.
  var durationMillis: Int
  /// Its cases, in report order.
  var cases: [Case]

  /// Cases that failed.
  var failureCount: Int { cases.filter { $0.failure != nil }.count }
}
