import Foundation
import TestSupport
import XCTest

/// What a real Duet repository needs, through the built executables: seams that wrap the delegate,
/// one manifest both tools read, chains by listing, and recordings without silent keys.
final class InteropEndToEndTests: XCTestCase {
  /// A temporary repository holding copies of the example app's recordings `names`, under `manifest`.
  func exampleCopy(_ names: [String], manifest: String) throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    for name in names {
      let path = "fixtures/\(name).fixture.json"
      let source = SharedReference.repositoryRoot.appendingPathComponent(path)
      try repository.write(path, String(decoding: try Data(contentsOf: source), as: UTF8.self))
    }
    try repository.write("manifest.yaml", manifest)
    return repository
  }

  /// The example's `root.auth-before-splash` recording, listed under feature `root`, and then `tail`.
  func rootCopy(then tail: String) throws -> TemporaryRepository {
    try exampleCopy(
      ["root.auth-before-splash"],
      manifest: "features:\n  root:\n    fixtures:\n      - root.auth-before-splash\n" + tail)
  }

  func foyerRunner() throws -> String { try BuiltProducts.executable(named: "foyer-runner").path }

  func testTheExampleManifestKeepsToTheDuetCLIsTopLevelKeys() throws {
    let text = try String(
      contentsOf: SharedReference.repositoryRoot.appendingPathComponent("manifest.yaml"), encoding: .utf8)
    let topLevel = text.split(separator: "\n").filter { line in
      guard let first = line.first else { return false }
      return first != "#" && first != " "
    }.map { String($0.prefix { $0 != ":" }) }
    XCTAssertEqual(Set(topLevel).subtracting(["replayRunner", "features", "chains", "presentation", "mocks"]), [])
    XCTAssertFalse(text.contains("chains: []"), "the duet CLI rejects an inline chains: []")
    let run = try CommandRun.run(
      try BuiltProducts.executable(named: "duet-verify"), ["lint"], in: SharedReference.repositoryRoot)
    XCTAssertEqual(run.code, 0, run.out + run.error)
    XCTAssertFalse(run.out.contains("warning:"), run.out)
  }

  func testTheExampleAppsChainCarriesTheDelegateWrappedInTheParentsCase() throws {
    let text = try String(
      contentsOf: SharedReference.repositoryRoot.appendingPathComponent("fixtures/chain-root-splash.fixture.json"),
      encoding: .utf8)
    assertContains(text, "\"case\": \"splash\",\n        \"value\": {\n          \"event\": {")
  }

  func testAHandEditedWrappedEventFailsNamingTheDelegateAndTheNextAction() throws {
    let repository = try exampleCopy(
      ["chain-root-splash"],
      manifest:
        "features:\n  root:\n    fixtures: []\n    events:\n      - Splash Completed\n  splash:\n    fixtures: []\n"
        + "chains:\n  - chain-root-splash\n")
    try repository.edit(
      "fixtures/chain-root-splash.fixture.json",
      replacing:
        "\"event\": {\n            \"case\": \"completed\",\n            \"value\": {\n              \"path\": {\n"
        + "                \"case\": \"ceremony\"",
      with: "\"event\": {\n            \"case\": \"completed\",\n            \"value\": {\n              \"path\": {\n"
        + "                \"case\": \"safetyNet\"")
    let run = try repository.verify(["verify", "--runner", try foyerRunner()], environment: ["NO_COLOR": "1"])
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(
      run.out,
      """
      ✗ chain 'chain-root-splash' step 1 (splash) 'the animation reaches its end' — linkToNext seam broken
        at steps[2].action.value.event.value.path.case
        expected: "ceremony"   actual: "safetyNet"
        step 1's delegate event (expectedEffects[0].payload.value, its last notifyListener) is not carried by step 2 (root)'s action, as its value or nested inside it.
        delegate emitted: {"case":"completed","value":{"path":{"case":"ceremony"}}}
        next action:      {"case":"splash","value":{"event":{"case":"completed","value":{"path":{"case":"safetyNet"}}}}}
      """)
  }

  func testAChainIsWhatChainsListsWhateverItsName() throws {
    let repository = try TemporaryRepository()
    try repository.copyRecording("chain-ping-pong")
    try FileManager.default.moveItem(
      at: repository.root.appendingPathComponent("fixtures/chain-ping-pong.fixture.json"),
      to: repository.root.appendingPathComponent("fixtures/greeter.wave.fixture.json"))
    try repository.write(
      "manifest.yaml", "features:\n  ping:\n    fixtures: []\n  pong:\n    fixtures: []\nchains:\n  - greeter.wave\n")
    let demoRunner = try BuiltProducts.executable(named: "demo-runner").path
    let run = try repository.verify(["verify", "--runner", demoRunner])
    XCTAssertEqual(run.code, 0, run.out + run.error)
    assertContains(run.out, "1/1 fixtures passed")
  }

  func testAKeyTheDialectDoesNotDefineIsALintErrorNamingIt() throws {
    let repository = try TemporaryRepository.counterCorpus()
    try repository.edit(
      "fixtures/chain-ping-pong.fixture.json", replacing: "\"expectedEffects\": [],",
      with: "\"expectedEffects\": [],\n      \"expectedstate\": {},")
    let run = try repository.failingLint()
    assertContains(
      run.out,
      "✗ fixtures/chain-ping-pong.fixture.json: steps[1].expectedstate is not a key the fixture dialect defines, "
        + "so nothing would check it; steps[1] (a step) may hold action, expectedEffects, expectedState, label, "
        + "line, linkToNext, node. Did you mean 'expectedState'?")
  }

  func testATopLevelTelemetrySectionFailsLintShowingThePerFeatureForm() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.append("telemetry:\n  events:\n    - Counter Viewed\n", to: "manifest.yaml")
    let run = try repository.failingLint()
    assertContains(run.out, "a top-level telemetry: section is not allowed")
    assertContains(run.out, "    <feature that emits it>:\n      events:\n        - Counter Viewed")
  }

  func testATopLevelTelemetrySectionNamesTheFeatureWhoseRecordingsEmitEachEvent() throws {
    let repository = try rootCopy(then: "telemetry:\n  events:\n    - Splash Completed\n    - Nowhere Emitted\n")
    let run = try repository.failingLint()
    assertContains(
      run.out,
      "  features:\n    root:\n      events:\n        - Splash Completed\n"
        + "    <feature that emits it>:\n      events:\n        - Nowhere Emitted")
  }

  func testAnUnknownPerFeatureKeyWarnsWithASuggestionAndLintPasses() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    try repository.edit(
      "manifest.yaml", replacing: "  counter:\n", with: "  counter:\n    event:\n      - Counter Viewed\n")
    let run = try repository.passingLint()
    assertContains(run.out, "warning: manifest.yaml:4: unknown key 'event' in feature 'counter' is ignored.")
    assertContains(run.out, "Did you mean 'events'?")
  }

  func testAnEventEmittedByAFeatureThatDoesNotDeclareItFailsNamingBothAndTheRecording() throws {
    let repository = try rootCopy(then: "  splash:\n    fixtures: []\n    events:\n      - Splash Completed\n")
    let run = try repository.verify(["taxonomy"])
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(run.out, "the event 'Splash Completed' is emitted by root, declared by splash")
    assertContains(run.out, "fixture 'root.auth-before-splash' step")
  }
}
