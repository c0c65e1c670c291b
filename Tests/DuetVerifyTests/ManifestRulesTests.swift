import Foundation
import XCTest

@testable import DuetVerify

/// The rules of docs/manifest.md beyond the grammar: keys, names, duplicates, required lists.
final class ManifestRulesTests: XCTestCase {
  let location = ManifestLocation(file: URL(fileURLWithPath: "/repo/manifest.yaml"))

  func problems(_ text: String) -> [String] {
    ManifestReader.read(text, location: location).problems.map(\.description)
  }

  func testAnUnknownTopLevelKeyNamesTheKnownOnesAndTheClosest() {
    XCTAssertEqual(
      problems("feature:\n  a:\n    fixtures: []\n"),
      [
        "manifest.yaml:1: unknown top-level key 'feature'. The known keys are replayRunner, features, chains, "
          + "presentation and mocks (the duet CLI reads this manifest too, and rejects any other). Did you mean "
          + "'features'?"
      ])
  }

  func testATopLevelKeyTwiceIsAnError() {
    XCTAssertEqual(
      problems("chains: []\nchains: []\n"),
      ["manifest.yaml:2: the top-level key 'chains' appears twice (first on line 1). Merge the sections."])
  }

  func testAnUnknownFeatureKeyIsAWarningThatSuggestsTheClosestKnownKey() {
    let read = ManifestReader.read(
      "features:\n  splash:\n    event:\n      - A Viewed\n    fixtures: []\n", location: location)
    XCTAssertEqual(read.problems, [])
    XCTAssertEqual(
      read.manifest.warnings.map(\.description),
      [
        "manifest.yaml:3: unknown key 'event' in feature 'splash' is ignored. The known keys are swift, kotlin, "
          + "state, action, effectPayload, scenario, fixtures, events and verbs. Did you mean 'events'?"
      ])
  }

  func testAnInlineEmptyChainsListIsAWarning() {
    let read = ManifestReader.read("features:\n  a:\n    fixtures: []\nchains: []\n", location: location)
    XCTAssertEqual(read.problems, [])
    XCTAssertEqual(
      read.manifest.warnings.map(\.description),
      [
        "manifest.yaml:4: an inline 'chains: []' is accepted here but the duet CLI rejects it. Write 'chains:' with no "
          + "value, or remove the key."
      ])
  }

  func testPerFeatureEventsAndVerbsFormTheDeclaredUnion() throws {
    let read = ManifestReader.read(
      """
      features:
        root:
          fixtures: []
          events:
            - Splash Completed
        signin:
          fixtures: []
          events:
            - Session Signed In
            - Splash Completed
          verbs:
            - Signed In

      """, location: location)
    XCTAssertEqual(read.problems, [])
    let telemetry = try XCTUnwrap(read.manifest.telemetry)
    XCTAssertEqual(telemetry.events.map(\.name), ["Splash Completed", "Session Signed In", "Splash Completed"])
    XCTAssertEqual(telemetry.verbs, [ManifestEntry(name: "Signed In", line: 12)])
    XCTAssertEqual(telemetry.declarers, ["Splash Completed": ["root", "signin"], "Session Signed In": ["signin"]])
  }

  func testAFeatureDeclaredTwiceIsAnError() {
    XCTAssertEqual(
      problems("features:\n  a:\n    fixtures: []\n  a:\n    fixtures: []\n"),
      [
        "manifest.yaml:4: feature 'a' is declared twice (first on line 2). Merge the two entries: duet-verify "
          + "refuses to guess which one holds the feature's recordings and paths."
      ])
  }

  func testAFeatureWithoutFixturesIsAnError() {
    XCTAssertEqual(
      problems("features:\n  splash:\n    state: SplashState\n"),
      [
        "manifest.yaml:2: feature 'splash' has no fixtures: list. Add one listing its recordings (fixtures: [] while "
          + "it has none): the duet CLI reads a feature without one as owning no recordings, and duet-verify asks for "
          + "the list so that a forgotten one never passes unnoticed."
      ])
  }

  func testOnlyFixturesIsRequired() {
    XCTAssertEqual(problems("features:\n  kotlin-only:\n    fixtures:\n      - kotlin-only.a\n"), [])
  }

  func testKotlinPendingIsAccepted() {
    let manifest = ManifestReader.read(
      "features:\n  a:\n    kotlin: pending\n    fixtures: []\n", location: location
    ).manifest
    XCTAssertEqual(manifest.features[0].kotlin?.name, "pending")
  }

  func testAFeatureNameMustBeLowerCaseKebab() {
    XCTAssertEqual(
      problems("features:\n  Splash:\n    fixtures: []\n"),
      [
        "manifest.yaml:2: 'Splash' is not a valid feature name: feature names use lower-case letters, digits, '-' "
          + "and '_', starting with a letter ([a-z][a-z0-9_-]*)."
      ])
  }

  func testAFixtureNameCannotReachOutsideTheFixturesFolder() {
    let expected =
      "is not a valid fixture name: a recording name becomes the file name fixtures/<name>.fixture.json, so it is "
      + "one safe path component: letters, digits, '.', '-' and '_', not starting with '.', never '..', '/', spaces "
      + "or control characters (this tool refuses any name that could leave the fixtures folder)."
    XCTAssertEqual(
      problems("features:\n  a:\n    fixtures:\n      - ../../etc/passwd\n      - a..b\n      - /abs\n"),
      [
        "manifest.yaml:4: '../../etc/passwd' \(expected)", "manifest.yaml:5: 'a..b' \(expected)",
        "manifest.yaml:6: '/abs' \(expected)",
      ])
  }

  func testAChainIsWhatChainsListsWhateverItsName() {
    let read = ManifestReader.read("chains:\n  - greeter.wave\n", location: location)
    XCTAssertEqual(read.problems, [])
    XCTAssertEqual(read.manifest.listedFixtures.filter(\.isChain).map(\.name), ["greeter.wave"])
  }

  func testARecordingListedTwiceIsAnError() {
    XCTAssertEqual(
      problems("features:\n  a:\n    fixtures:\n      - a.one\n  b:\n    fixtures:\n      - a.one\n"),
      [
        "manifest.yaml:7: recording 'a.one' is listed twice (first on line 4). List each recording once: its one "
          + "file has one owner, and a second listing would replay it twice."
      ])
  }

  func testAScalarWhereAListBelongsIsAnError() {
    XCTAssertEqual(
      problems("features:\n  a:\n    fixtures: a.one\n"),
      ["manifest.yaml:3: fixtures of feature 'a' must be a list ('- name' lines), found a single value."])
  }

  func testAListWhereAValueBelongsIsAnError() {
    XCTAssertEqual(
      problems("replayRunner:\n  - a\n"),
      ["manifest.yaml:1: replayRunner must be a single value, found a list."])
  }

  func testATopLevelTelemetrySectionIsAnErrorShowingThePerFeatureForm() {
    XCTAssertEqual(
      problems("telemetry:\n  verbs:\n    - Signed In\n  events:\n    - Session Signed In\n"),
      [
        """
        manifest.yaml:1: a top-level telemetry: section is not allowed: the duet CLI reads this manifest too and \
        rejects any top-level key but replayRunner, features, chains, presentation and mocks. Declare each event \
        under the feature whose reducer emits it (events:), and each minted verb under the feature that mints it \
        (verbs:):
          features:
            <feature that emits it>:
              events:
                - Session Signed In
              verbs:
                - Signed In
        """
      ])
  }

  /// The duet CLI rejects a top-level waivers: (empty or not), so the hint points where it reads them.
  func testATopLevelWaiversIsAnErrorThatPointsUnderPresentation() {
    let expected =
      "manifest.yaml:1: unknown top-level key 'waivers'. The known keys are replayRunner, features, chains, "
      + "presentation and mocks (the duet CLI reads this manifest too, and rejects any other). Waivers belong under "
      + "presentation: (as its waivers: list), where the duet CLI reads them; duet-verify gates every listed "
      + "recording either way. Move the list there, or remove the key."
    XCTAssertEqual(problems("waivers:\n  - splash.x\n"), [expected])
    XCTAssertEqual(problems("waivers: []\n"), [expected])
    XCTAssertFalse(expected.contains("waivers: []"))
  }

  func testRecordingNamesMayUseUnderscoresAndUpperCase() {
    XCTAssertEqual(
      problems("features:\n  counter_app:\n    fixtures:\n      - counter_main\n      - Counter.Tap-2\n"), [])
  }

  func testARecordingNameThatIsNotOneSafePathComponentIsRefused() {
    let rule =
      "is not a valid fixture name: a recording name becomes the file name fixtures/<name>.fixture.json, so it is "
      + "one safe path component: letters, digits, '.', '-' and '_', not starting with '.', never '..', '/', spaces "
      + "or control characters (this tool refuses any name that could leave the fixtures folder)."
    XCTAssertEqual(
      problems("features:\n  a:\n    fixtures:\n      - .hidden\n      - a/b\n      - \"a\\tb\"\n"),
      ["manifest.yaml:4: '.hidden' \(rule)", "manifest.yaml:5: 'a/b' \(rule)", "manifest.yaml:6: 'a\tb' \(rule)"])
  }

  func testAQuotedPathIsAWarningBecauseTheDuetCLIKeepsTheQuotes() {
    let read = ManifestReader.read(
      "features:\n  a:\n    swift: \"Sources/A.swift\"\n    state: \"AState\"\n    fixtures: []\n", location: location)
    XCTAssertEqual(read.problems, [])
    XCTAssertEqual(read.manifest.features[0].swift?.name, "Sources/A.swift")
    XCTAssertEqual(
      read.manifest.warnings.map(\.description),
      [
        "manifest.yaml:3: 'swift' of feature 'a' is quoted: duet-verify reads the path Sources/A.swift without the "
          + "quotes, but the duet CLI reads the quotes as part of the path, so the two tools disagree on the file. "
          + "Write the path unquoted."
      ])
  }

  func testListedFixturesComeInFeatureOrderThenChains() {
    let manifest = ManifestReader.read(
      "chains:\n  - chain-z\nfeatures:\n  b:\n    fixtures:\n      - b.1\n  a:\n    fixtures:\n      - a.1\n",
      location: location
    ).manifest
    XCTAssertEqual(manifest.listedFixtures.map(\.name), ["b.1", "a.1", "chain-z"])
    XCTAssertEqual(manifest.listedFixtures.map(\.owner), ["b", "a", nil])
  }

  func testAParityManifestsRootIsItsParentFolder() {
    let parity = ManifestLocation(file: URL(fileURLWithPath: "/repo/parity/manifest.yaml"))
    XCTAssertEqual(parity.root.path, "/repo")
    XCTAssertEqual(parity.displayName, "parity/manifest.yaml")
    XCTAssertEqual(parity.fixturesFolder.path, "/repo/parity/fixtures")
    XCTAssertEqual(parity.runsFolder.path, "/repo/parity/.runs")
    XCTAssertEqual(location.root.path, "/repo")
    XCTAssertEqual(location.fixturesFolder.path, "/repo/fixtures")
  }

  /// The display name and the root's path are worked out once, when the location is made: they
  /// must be the standardized ones, whatever dot segments the given path held.
  func testTheDisplayNameAndRelativePathsAreThoseOfTheStandardizedPaths() {
    let given = ManifestLocation(file: URL(fileURLWithPath: "/repo/sub/../parity/./manifest.yaml"))
    XCTAssertEqual(given.root.path, "/repo")
    XCTAssertEqual(given.displayName, "parity/manifest.yaml")
    XCTAssertEqual(
      given.relativePath(of: URL(fileURLWithPath: "/repo/a/../fixtures/x.fixture.json")), "fixtures/x.fixture.json")
    XCTAssertEqual(given.relativePath(of: URL(fileURLWithPath: "/repo/.")), ".")
    XCTAssertEqual(given.relativePath(of: URL(fileURLWithPath: "/repository/x")), "/repository/x")
    XCTAssertEqual(given, ManifestLocation(file: URL(fileURLWithPath: "/repo/parity/manifest.yaml")))
  }
}
