import DuetCore
import XCTest

@testable import DuetVerify

/// The plan: each compiled recording against its file and the manifest; what vanished.
final class RecordPlanTests: FolderTestCase {
  let manifestText = """
    features:
      counter:
        fixtures:
          - counter
          - counter.retired
      lamp:
        fixtures:
          - lamp
    chains:
      - chain-ping-pong

    """

  override func setUpWithError() throws {
    try super.setUpWithError()
    try folder.write("manifest.yaml", manifestText)
  }

  var manifest: Manifest {
    ManifestReader.read(
      manifestText, location: folder.manifestLocation
    )
    .manifest
  }

  func recorded(_ name: String, _ tree: JSONValue, target: RecordTarget) throws -> RecordedFixture {
    try RecordedFixture.check(ProducedFixture(name: name, document: tree), target: target)
  }

  func plan(_ outcomes: [TargetOutcome], wholeManifest: Bool = true) -> RecordPlan {
    RecordPlan.make(
      outcomes: outcomes, manifest: manifest, store: FixtureStore(location: manifest.location),
      wholeManifest: wholeManifest)
  }

  func testAListedRecordingNothingProducesHasVanishedWithItsManifestLine() throws {
    try folder.write("fixtures/counter.retired.fixture.json", FixtureText.counter())
    let counter = try recorded("counter", FixtureText.counterTree(), target: .feature("counter"))
    let result = plan([TargetOutcome(target: .feature("counter"), result: .compiled([counter]))])
    XCTAssertEqual(result.vanished.map(\.name), ["counter.retired"])
    XCTAssertEqual(result.vanished.first?.listed?.line, 5)
    XCTAssertEqual(result.vanished.first?.onDisk, true)
  }

  func testAnUnlistedFileOnDiskVanishesOnlyWhenEveryTargetCompiled() throws {
    try folder.write("fixtures/stray.fixture.json", FixtureText.counter())
    let counter = try recorded("counter", FixtureText.counterTree(), target: .feature("counter"))
    let compiled = TargetOutcome(target: .feature("counter"), result: .compiled([counter]))
    XCTAssertTrue(plan([compiled]).vanished.contains { $0.name == "stray" && $0.listed == nil })
    XCTAssertFalse(plan([compiled], wholeManifest: false).vanished.contains { $0.name == "stray" })
    let failed = TargetOutcome(target: .feature("lamp"), result: .scenarioFailed("Then failed"))
    XCTAssertFalse(plan([compiled, failed]).vanished.contains { $0.name == "stray" })
  }

  func testARecordingTheManifestDoesNotListIsUnlisted() throws {
    let extra = try recorded("counter.new-branch", FixtureText.counterTree(), target: .feature("counter"))
    let result = plan([TargetOutcome(target: .feature("counter"), result: .compiled([extra]))])
    XCTAssertEqual(result.unlisted.map(\.fixture.name), ["counter.new-branch"])
    XCTAssertEqual(result.entries.first?.change, .new)
  }

  func testARecordingListedUnderAnotherFeatureSaysWhere() throws {
    let misfiled = try recorded("lamp", FixtureText.counterTree(feature: "counter"), target: .feature("counter"))
    let result = plan([TargetOutcome(target: .feature("counter"), result: .compiled([misfiled]))])
    XCTAssertEqual(result.unlisted.first?.listedElsewhere?.owner, "lamp")
  }

  func testASwiftOnlyFeatureServedWithNoScenariosIsToldToGiveItsRegistryEntryScenarios() throws {
    let text = "features:\n  todo:\n    swift: Sources/Todo.swift\n    fixtures:\n      - todo.adds\n"
    try folder.write("manifest.yaml", text)
    let manifest = ManifestReader.read(text, location: folder.manifestLocation).manifest
    var result = RecordPlan.make(
      outcomes: [TargetOutcome(target: .feature("todo"), result: .compiled([]))], manifest: manifest,
      store: FixtureStore(location: manifest.location), wholeManifest: true)
    result.separateUnserved(manifest)
    let item = try XCTUnwrap(result.unserved.first)
    XCTAssertEqual(
      RecordReport.unservedLine(item, manifest: manifest, mark: "✗"),
      "✗ feature 'todo': the runner serves it with no scenarios, but manifest.yaml:3 gives it the Swift file "
        + "Sources/Todo.swift and no Kotlin one, so no other core records its 1 recording (todo.adds). Give its "
        + "registry entry its scenarios (ReplayFeature.entry(todo, scenarios: [...])), then record again.")
  }

  func testAFailedScenarioIsKeptWithItsSentenceAndWritesNothing() {
    let result = plan([TargetOutcome(target: .feature("lamp"), result: .scenarioFailed("Then 'on' (L.swift:3) failed"))]
    )
    XCTAssertEqual(result.scenarioFailures.map(\.message), ["Then 'on' (L.swift:3) failed"])
    XCTAssertTrue(result.writes.isEmpty)
    XCTAssertTrue(result.vanished.isEmpty, "a target that failed cannot say what vanished")
  }

  func testOnlyChangedRecordingsAreWritten() throws {
    try folder.write("fixtures/counter.fixture.json", FixtureText.counter())
    let same = try recorded("counter", FixtureText.counterTree(), target: .feature("counter"))
    let lamp = try recorded("lamp", FixtureText.counterTree(feature: "lamp"), target: .feature("lamp"))
    let result = plan([
      TargetOutcome(target: .feature("counter"), result: .compiled([same])),
      TargetOutcome(target: .feature("lamp"), result: .compiled([lamp])),
    ])
    XCTAssertEqual(result.entries.map(\.change), [.unchanged, .new])
    XCTAssertEqual(result.writes.map(\.name), ["lamp"])
  }
}
