import Foundation
import XCTest

@testable import DuetVerify

/// The lint checks over a real folder: each problem, with its file, line and sentence.
final class LinterTests: FolderTestCase {
  func testACleanRepositoryHasNoProblems() throws {
    try folder.write("fixtures/counter.fixture.json", FixtureText.counter())
    XCTAssertEqual(try lint(counterManifest), [])
  }

  func testAListedRecordingMissingOnDiskNamesTheRecordCommand() throws {
    try assertLintFinds(
      counterManifest,
      "manifest.yaml:4: recording 'counter' is listed but fixtures/counter.fixture.json does not exist. Just "
        + "declared? Run: duet-verify record --feature counter")
  }

  func testAMissingChainNamesTheChainRecordCommand() throws {
    try assertLintFinds(
      "chains:\n  - chain-x\n",
      "manifest.yaml:2: recording 'chain-x' is listed but fixtures/chain-x.fixture.json does not exist. Just "
        + "declared? Run: duet-verify record --chain chain-x")
  }

  func testAnOrphanRecordingNamesTheCommandThatRemovesIt() throws {
    try folder.write("fixtures/counter.fixture.json", FixtureText.counter())
    try folder.write("fixtures/old.fixture.json", FixtureText.counter())
    // Not a git work tree: git would not remove the file, so the advice is rm (git rm for a
    // tracked file is covered end to end).
    try assertLintFinds(
      counterManifest,
      "fixtures/old.fixture.json: recording 'old' is not listed in manifest.yaml (an orphan). List it under its "
        + "feature's fixtures: (or under chains:), or delete it (git does not track it): rm fixtures/old.fixture.json")
  }

  func testAHandEditedRecordingIsNotInCanonicalForm() throws {
    let edited = FixtureText.counter().replacingOccurrences(of: "\"count\": 1,", with: "\"count\":  1,")
    try assertLintFinds(
      counterManifest, counterRecording: edited,
      "fixtures/counter.fixture.json:19: this fixture file is not in canonical pretty form (it differs from its "
        + "re-emission from this line on). Recordings are build products, never hand-edited: re-record it with "
        + "duet-verify record --feature counter")
  }

  func testARecordingOfAnotherFeatureIsNamed() throws {
    try assertLintFinds(
      counterManifest, counterRecording: FixtureText.counter(feature: "lamp"),
      "fixtures/counter.fixture.json:4: recording 'counter' says feature 'lamp' but manifest.yaml lists it under "
        + "'counter' (line 4). Move it to the right feature in the manifest, or re-record it: duet-verify record "
        + "--feature counter")
  }

  func testAChainNodeMustBeADeclaredFeature() throws {
    try folder.write("fixtures/chain-ping-pong.fixture.json", FixtureText.chain())
    try assertLintFinds(
      "features:\n  ping:\n    fixtures: []\nchains:\n  - chain-ping-pong\n",
      "fixtures/chain-ping-pong.fixture.json:3: chain 'chain-ping-pong' has node 'pong', which is not a declared "
        + "feature. Declare 'pong' under features: in manifest.yaml (fixtures: [] if it has no recordings of its own).")
  }

  func testAnUnsupportedDialectIsRefused() throws {
    let text = FixtureText.counter().replacingOccurrences(of: "\"dialect\": 2", with: "\"dialect\": 3")
    try assertLintFinds(
      counterManifest, counterRecording: text,
      "fixtures/counter.fixture.json: dialect is 3, which this verifier does not read (it reads dialects 1 and 2). "
        + "This is not the shape of a recording (fixtures.md); re-record it with duet-verify record.")
  }

  func testARecordingThatIsNotJSONNamesLineAndColumn() throws {
    try assertLintFinds(
      counterManifest, counterRecording: "{\n  \"a\": 1,\n  \"a\": 2\n}\n",
      "fixtures/counter.fixture.json:3:3: duplicate key 'a' at $. Recordings are written by duet-verify record, "
        + "never by hand: re-record it.")
  }

  func testAnOversizedRecordingIsRefusedWithoutLoadingIt() throws {
    try folder.write("fixtures/counter.fixture.json", FixtureText.counter())
    let location = folder.manifestLocation
    let store = FixtureStore(location: location, sizeLimit: 100)
    guard case .failure(let error) = store.load("counter") else { return XCTFail("an oversized file loaded") }
    XCTAssertEqual(
      error.description,
      "fixtures/counter.fixture.json: is \(FixtureText.counter().utf8.count) bytes, over the 100 bytes limit for one recording, so it was not loaded. Split "
        + "the scenario into smaller branches and re-record.")
  }

  func testTheDefaultSizeLimitIs64MiB() {
    XCTAssertEqual(FixtureStore.defaultSizeLimit, 64 << 20)
    XCTAssertEqual(
      FixtureLoadError.oversized(file: "f", bytes: 70 << 20, limit: 64 << 20).description,
      "f: is 70 MiB, over the 64 MiB limit for one recording, so it was not loaded. Split the scenario into smaller "
        + "branches and re-record.")
  }

  func testAManifestPathMustExist() throws {
    try assertLintFinds(
      "features:\n  counter:\n    swift: Sources/Counter.swift\n    fixtures:\n      - counter\n",
      counterRecording: FixtureText.counter(),
      "manifest.yaml:3: the swift file of 'counter' 'Sources/Counter.swift' does not exist (paths are relative to "
        + "the repository root, \(folder.url.standardizedFileURL.path)). Fix the path, or create the file.")
  }

  func testAManifestPathCannotLeaveTheRepository() throws {
    try assertLintFinds(
      "replayRunner: ../elsewhere\nchains: []\n",
      "manifest.yaml:1: replayRunner '../elsewhere' uses '..', which could leave the repository. Give a path inside "
        + "the repository root, relative to it.")
    try assertLintFinds(
      "replayRunner: /usr\nchains: []\n",
      "manifest.yaml:1: replayRunner '/usr' is an absolute path. Give it relative to the repository root "
        + "(\(folder.url.standardizedFileURL.path)) so the manifest works on every checkout.")
  }

  func testKotlinPendingIsNotAPath() throws {
    try folder.write("fixtures/counter.fixture.json", FixtureText.counter())
    XCTAssertEqual(try lint("features:\n  counter:\n    kotlin: pending\n    fixtures:\n      - counter\n"), [])
  }

  func testTheFeaturesDeclarationsRefuseDuplicatesAndMalformedNames() throws {
    let problems = try lint(
      """
      features:
        signin:
          fixtures: []
          verbs:
            - Signed In
            - Signed In
            - Viewed
            - shouted
          events:
            - Session Signed In
            - Session Signed In
            - splash
            - Splash Finished
        account:
          fixtures: []
          events:
            - Session Signed In
      """)
    XCTAssertEqual(
      problems,
      [
        "manifest.yaml:6: verb 'Signed In' is declared twice by feature 'signin' (first on line 5). Remove the "
          + "duplicate.",
        "manifest.yaml:8: verb 'shouted' is not spelled as a dashboard token: capitalised words separated by single "
          + "spaces (e.g. 'Signed In').",
        "manifest.yaml:11: event 'Session Signed In' is declared twice by feature 'signin' (first on line 10). "
          + "Remove the duplicate.",
        "manifest.yaml:12: event 'splash' is not 'Subject Verb': write a capitalised subject, one space, and a verb "
          + "(e.g. 'Session Signed In').",
        "manifest.yaml:13: event 'Splash Finished' does not end in a known verb (the starter verbs, or one a feature "
          + "mints under verbs:). Use a starter verb such as 'Completed', or mint the verb under verbs: of feature "
          + "'signin'.",
      ])
  }

  func testARecordingListedUnderChainsMustBeAChainRecording() throws {
    try folder.write("fixtures/greeter.wave.fixture.json", FixtureText.counter())
    try assertLintFinds(
      "features:\n  counter:\n    fixtures: []\nchains:\n  - greeter.wave\n",
      "fixtures/greeter.wave.fixture.json:5: 'greeter.wave' is listed under chains: (manifest.yaml:5) but is a leaf "
        + "recording (initialState, no initialStates). List it under its feature's fixtures:, or re-record the "
        + "chain: duet-verify record --chain greeter.wave")
  }

  func testAChainRecordingListedUnderAFeatureIsALintError() throws {
    try folder.write("fixtures/counter.seam.fixture.json", FixtureText.chain())
    let problems = try lint(
      "features:\n  counter:\n    fixtures:\n      - counter.seam\n  ping:\n    fixtures: []\n  pong:\n    fixtures: []\n"
    )
    XCTAssertEqual(problems.count, 1, "\(problems)")
    XCTAssertTrue(
      problems[0].contains(
        "'counter.seam' is listed under feature 'counter' (manifest.yaml:4) but is a chain "
          + "recording (initialStates). List it under chains: instead."), "\(problems)")
  }

  func testAChainNamedWithoutThePrefixLintsClean() throws {
    try folder.write("fixtures/greeter.wave.fixture.json", FixtureText.chain())
    XCTAssertEqual(
      try lint("features:\n  ping:\n    fixtures: []\n  pong:\n    fixtures: []\nchains:\n  - greeter.wave\n"), [])
  }

  func testEveryProblemIsReportedAtOnce() throws {
    try folder.write("fixtures/orphan.fixture.json", FixtureText.counter())
    let problems = try lint("features:\n  counter:\n    fixtures:\n      - counter\n      - missing\n")
    XCTAssertEqual(problems.count, 3)
  }
}
