/// What compiling one target produced.
///
/// The cases are what `record` acts on: compiled recordings are compared and written; a failed
/// scenario costs only its own target; a runner failure or a runner that cannot record stops the
/// whole command before anything is written.
struct TargetOutcome: Equatable, Sendable {
  enum Result: Equatable, Sendable {
    /// Every recording the target's scenarios compile to, checked and ready to write.
    case compiled([RecordedFixture])
    /// The runner refused (a failing Then with its label and line), or sent an unusable recording.
    case scenarioFailed(String)
    /// The runner crashed, hung, or broke the protocol; the sentence says how.
    case runnerFailed(String)
    /// The runner does not compile scenarios; the phrase says how we know.
    case cannotRecord(String)
    /// The runner has no scenario for this target (it does not serve the feature, or knows no such
    /// chain): its recordings come from the other core (a Kotlin runner), and are left alone.
    case notServedHere(String)
  }

  /// The feature or chain.
  var target: RecordTarget
  /// What happened.
  var result: Result

  /// The recordings, when the target compiled.
  var fixtures: [RecordedFixture]? {
    if case .compiled(let fixtures) = result { return fixtures }
    return nil
  }
}
