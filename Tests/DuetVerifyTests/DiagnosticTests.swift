import XCTest

@testable import DuetVerify

/// One renderer writes every error's prefix: an error states only its sentence and who speaks.
final class DiagnosticTests: XCTestCase {
  static let samples: [any Diagnostic] = [
    CommandLineError.unknownVerb("verfy"), CommandLineError.unknownHelpTopic("x"),
    CommandLineError.missingValue(.verify, .jobs), ExplainError.notAStepIndex("x"),
    MaterializeError.notAStep("x"), RunnerCommandError.empty, RunnerBuilder.BuildError.noSwift,
    ManifestDiscoveryError.explicitMissing("m.yaml"), FixtureSelection.EmptySelection.nothingListed(file: "m.yaml"),
    RecordTarget.SelectionError.nothingToRecord(manifest: "m.yaml"), CanonicalError.unreadable("x.json"),
    GeneratedTestFile.Refusal(message: "the test was not written: x"),
  ]

  func testThePrefixIsWrittenOnceByTheRendererNeverByTheMessage() {
    for error in Self.samples {
      XCTAssertFalse(error.message.contains(Program.name + ":"), error.message)
      XCTAssertFalse(error.message.hasPrefix(Program.name + " "), error.message)
      XCTAssertEqual(error.description, Program.prefix(error.speaker) + error.message)
    }
  }

  func testTheProgramSpeaksUnlessAVerbDoes() {
    XCTAssertEqual(CommandLineError.unknownVerb("verfy").description.prefix(22), "duet-verify: unknown v")
    XCTAssertEqual(
      CommandLineError.missingValue(.verify, .jobs).description, "duet-verify verify: --jobs needs a value.")
    XCTAssertEqual(
      CommandLineError.unknownHelpTopic("x").description.prefix(31), "duet-verify help: unknown verb ")
    XCTAssertEqual(ExplainError.notAStepIndex("x").speaker, "explain")
  }

  func testOptionNamesInSentencesComeFromTheOptionTable() {
    XCTAssertEqual(Option.timeout.spelled, "--timeout S")
    XCTAssertEqual(Option.json.spelled, "--json")
    XCTAssertEqual(
      RunnerCommandError.empty.message,
      "\(Option.runner.rawValue) needs a command (an executable path or a command line).")
  }
}
