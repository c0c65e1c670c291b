import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// The manifest's YAML subset: every line form it names, and every line it refuses, with its text.
final class ManifestGrammarTests: XCTestCase {
  let location = ManifestLocation(file: URL(fileURLWithPath: "/repo/manifest.yaml"))

  func problems(_ text: String) -> [String] {
    ManifestReader.read(text, location: location).problems.map(\.description)
  }

  func manifest(_ text: String) -> Manifest {
    ManifestReader.read(text, location: location).manifest
  }

  func testTheSpecExampleParsesWithoutProblems() {
    let text = """
      # comments: a '#' at line start or after whitespace, outside quotes
      replayRunner: .            # SwiftPM package whose product `replay-runner` serves the registry
      features:
        splash:
          swift: Sources/FoyerFeatures/Splash/SplashFeature.swift
          state: SplashState
          action: SplashAction
          effectPayload: SplashEffectPayload
          scenario: Sources/FoyerFeatures/Splash/SplashScenario.swift
          fixtures:
            - splash.ceremony-completes
            - splash.safety-net-fires
          events:                # the events this feature's reducer emits as `track` effects
            - Splash Completed
        signin:
          fixtures:
            - signin.email-signs-in
          events:
            - Session Signed In
          verbs:                 # verbs this feature mints beyond the starter set (telemetry.md)
            - Signed In
      chains:
        - chain-root-splash
      """
    XCTAssertEqual(problems(text), [])
    let parsed = manifest(text)
    XCTAssertEqual(parsed.replayRunner, ManifestEntry(name: ".", line: 2))
    XCTAssertEqual(parsed.features.map(\.name), ["splash", "signin"])
    XCTAssertEqual(parsed.features[0].state, ManifestEntry(name: "SplashState", line: 6))
    XCTAssertEqual(
      parsed.features[0].fixtures,
      [
        ManifestEntry(name: "splash.ceremony-completes", line: 11),
        ManifestEntry(name: "splash.safety-net-fires", line: 12),
      ])
    XCTAssertEqual(parsed.chains, [ManifestEntry(name: "chain-root-splash", line: 23)])
    XCTAssertEqual(
      parsed.telemetry,
      ManifestTelemetry(
        verbs: [ManifestEntry(name: "Signed In", line: 21)],
        events: [
          ManifestEntry(name: "Splash Completed", line: 14), ManifestEntry(name: "Session Signed In", line: 19),
        ],
        declarers: ["Splash Completed": ["splash"], "Session Signed In": ["signin"]]))
  }

  /// A list item is a mapping only when a colon ends its first word (`- key: value`, `- key:`); a
  /// colon inside a word (`- a:b`) or none leaves it a value. The parser asks for a colon byte
  /// before splitting an item, so both sides of that test are held here.
  func testAListItemIsAMappingOnlyWhenAColonEndsItsKey() {
    let parsed = YAMLSubsetParser.parse(
      "presentation:\n  items:\n    - plain\n    - a:b\n    - key: value\n    - alone:\n", file: "manifest.yaml")
    XCTAssertEqual(parsed.problems, [])
    guard case .mapping(let top, _) = parsed.root, case .mapping(let section, _) = top.first?.value,
      case .list(let items, _) = section.first?.value
    else { return XCTFail("no list under presentation.items: \(parsed.root)") }
    XCTAssertEqual(
      items,
      [
        .scalar("plain", line: 3), .scalar("a:b", line: 4),
        .mapping([YAMLEntry(key: "key", line: 5, value: .scalar("value", line: 5))], line: 5),
        .mapping([YAMLEntry(key: "alone", line: 6, value: .empty(line: 6))], line: 6),
      ])
  }

  func testQuotedScalarsAreUnquoted() {
    let parsed = manifest(
      """
      replayRunner: 'my runner # not a comment'
      features:
        a:
          state: "Quoted \\"State\\""
          kotlin: 'it''s'
          fixtures: []
      """)
    XCTAssertEqual(parsed.replayRunner?.name, "my runner # not a comment")
    XCTAssertEqual(parsed.features[0].state?.name, "Quoted \"State\"")
    XCTAssertEqual(parsed.features[0].kotlin?.name, "it's")
  }

  func testInlineEmptyListsAreAccepted() {
    let text = "features:\n  a:\n    fixtures: []\nchains: []\n"
    XCTAssertEqual(problems(text), [])
    XCTAssertEqual(manifest(text).chains, [])
  }

  func testATabInIndentationIsAnError() {
    XCTAssertEqual(
      problems("features:\n\ta:\n"),
      [
        "manifest.yaml:2: a tab is used for indentation. Indent with 2 spaces per level; tabs are not part of the grammar."
      ])
  }

  func testOddIndentationIsAnError() {
    XCTAssertEqual(
      problems("features:\n   a:\n    fixtures: []\n"),
      [
        "manifest.yaml:2: this line is indented by 3 spaces, which is not a multiple of 2. Indent with 2 spaces per level."
      ])
  }

  func testALineThatIsNeitherFormIsAnError() {
    XCTAssertEqual(
      problems("features:\n  just words here\n"),
      [
        "manifest.yaml:2: 'just words here' is neither 'key: value' nor '- item', the only two line forms of the "
          + "manifest grammar. Fix the line or comment it out with '#'."
      ])
  }

  func testAMissingSpaceAfterTheColonIsNamed() {
    XCTAssertEqual(
      problems("replayRunner:.\n"),
      ["manifest.yaml:1: put a space after ':' in 'replayRunner:.'. Write it as 'replayRunner: .'."])
  }

  func testAListItemNeedsASpaceAfterTheDash() {
    XCTAssertEqual(
      problems("chains:\n  -chain-a\n"),
      ["manifest.yaml:2: a list item needs a space after '-'. Write it as '- chain-a'."])
  }

  func testDocumentMarkersAreRefused() {
    XCTAssertEqual(
      problems("---\nchains: []\n"),
      ["manifest.yaml:1: document markers ('---', '...') are not part of the manifest grammar. Remove the line."])
  }

  func testInlineListsWithItemsAreRefused() {
    XCTAssertEqual(
      problems("chains: [chain-a]\n"),
      [
        "manifest.yaml:1: inline lists other than '[]' are not part of the manifest grammar. Write one '- item' per "
          + "line, indented 2 spaces under the key."
      ])
  }

  func testAnchorsAndBlockScalarsAreRefused() {
    XCTAssertEqual(
      problems("replayRunner: &anchor .\n"),
      [
        "manifest.yaml:1: '&anchor .' starts with '&', a YAML feature (anchors, tags, block scalars) the manifest "
          + "grammar does not have. Quote the value if '&' is part of it."
      ])
  }

  func testAnUnterminatedQuoteIsAnError() {
    XCTAssertEqual(
      problems("replayRunner: \"abc\n"),
      ["manifest.yaml:1: the quoted value \"abc has no closing quote. Close it on the same line."])
  }

  func testTextAfterAClosingQuoteIsAnError() {
    XCTAssertEqual(
      problems("replayRunner: 'a' b\n"),
      [
        "manifest.yaml:1: 'b' follows the closing quote in 'a' b. Put everything inside the quotes, or start a "
          + "comment with ' #'."
      ])
  }

  func testListItemsAtTheKeysIndentationAreAnError() {
    XCTAssertEqual(
      problems("chains:\n- chain-a\n"),
      ["manifest.yaml:2: list items must be indented 2 spaces under their key (line 1)."])
  }

  func testIndentingByFourIsAnError() {
    XCTAssertEqual(
      problems("features:\n    a:\n      fixtures: []\n"),
      ["manifest.yaml:2: this line is indented 4 spaces under line 1. Indent with 2 spaces per level."])
  }

  /// The duet CLI reads fixture items at indent 6 or more, so recording lists may be indented further.
  func testRecordingListsMayBeIndentedFurther() {
    let text = "features:\n  a:\n    fixtures:\n        - a.one\n        - a.two\nchains:\n    - chain-a\n"
    XCTAssertEqual(problems(text), [])
    XCTAssertEqual(manifest(text).features[0].fixtures.map(\.name), ["a.one", "a.two"])
    XCTAssertEqual(manifest(text).chains.map(\.name), ["chain-a"])
  }

  func testOtherListsIndentedFurtherAreStillAnError() {
    XCTAssertEqual(
      problems("features:\n  a:\n    fixtures: []\n    events:\n        - A Viewed\n"),
      ["manifest.yaml:5: this line is indented 4 spaces under line 4. Indent with 2 spaces per level."])
  }

  func testAnIndentedFirstLineIsAnError() {
    XCTAssertEqual(
      problems("  chains: []\n"),
      ["manifest.yaml:1: this line is indented but nothing above it opens a section. Top-level keys start in column 1."]
    )
  }

  func testAListItemAtTheTopLevelIsAnError() {
    XCTAssertEqual(
      problems("chains: []\n- stray\n"),
      [
        "manifest.yaml:2: a list item at the top level. The manifest's top level is a mapping of keys "
          + "(replayRunner, features, …)."
      ])
  }

  func testEveryProblemIsReportedNotJustTheFirst() {
    let found = problems("features:\n\ta:\nbogus: 1\nchains: [x]\n")
    XCTAssertEqual(found.count, 3)
    XCTAssertEqual(found.map { $0.split(separator: ":")[1] }, ["2", "3", "4"])
  }

  func testPresentationAndMocksAreCarriedUninterpreted() {
    let text = """
      features:
        a:
          fixtures: []
      mocks:
        bundle: 0.10.2
        generators:
          splash_mocks:
            output: Tests/Generated/Mocks.swift
            sources:
              - Sources/Splash
            args:
              - import=Duet
      presentation:
        - name: splash
          kind: sheet
      """
    XCTAssertEqual(problems(text), [])
    let parsed = manifest(text)
    guard case .mapping(let entries, _)? = parsed.mocks else { return XCTFail("mocks not carried") }
    XCTAssertEqual(entries.map(\.key), ["bundle", "generators"])
    guard case .list(let items, _)? = parsed.presentation, case .mapping(let first, _)? = items.first else {
      return XCTFail("presentation not carried")
    }
    XCTAssertEqual(first.map(\.key), ["name", "kind"])
  }
}

extension ManifestGrammarTests {
  func testAbsurdNestingIsRefusedNotRecursedInto() {
    var text = "mocks:\n"
    for level in 1...40 { text += String(repeating: "  ", count: level) + "k\(level):\n" }
    XCTAssertEqual(
      problems(text),
      ["manifest.yaml:34: this line is nested deeper than 32 levels, far deeper than any manifest needs."])
  }
}

/// Where the duet CLI reads a line this grammar used to refuse or pass in silence.
extension ManifestGrammarTests {
  func warnings(_ text: String) -> [String] {
    ManifestReader.read(text, location: location).manifest.warnings.map(\.description)
  }

  /// The duet CLI reads recording items at any indentation from 6 on; other odd lines stay refused.
  func testRecordingItemsIndentedByAnOddNumberFromSixOnAreRead() {
    let text = "features:\n  a:\n    fixtures:\n       - a\n       - a.off\n"
    XCTAssertEqual(problems(text), [])
    XCTAssertEqual(manifest(text).features[0].fixtures.map(\.name), ["a", "a.off"])
    XCTAssertEqual(
      problems("features:\n  a:\n    fixtures:\n     - a\n"),
      [
        "manifest.yaml:4: this line is indented by 5 spaces, which is not a multiple of 2. Indent with 2 spaces per level."
      ])
    XCTAssertEqual(
      problems("features:\n  a:\n    fixtures: []\n    events:\n       - A Viewed\n").first,
      "manifest.yaml:5: this line is indented by 7 spaces, which is not a multiple of 2. Indent with 2 spaces per level."
    )
  }

  func testAQuotedKeyIsRefusedAsQuoted() {
    XCTAssertEqual(
      problems("features:\n  \"a\":\n    fixtures: []\n"),
      [
        "manifest.yaml:2: quoted keys are not part of the manifest grammar (the duet CLI would keep the quotes in "
          + "the name). Write the key unquoted: 'a:'."
      ])
  }

  func testAQuotedRecordingNameWarnsThatTheDuetCLIKeepsTheQuotes() {
    let text = "features:\n  a:\n    fixtures:\n      - 'a.on'\n"
    XCTAssertEqual(problems(text), [])
    XCTAssertEqual(manifest(text).features[0].fixtures.map(\.name), ["a.on"])
    XCTAssertEqual(
      warnings(text),
      [
        "manifest.yaml:4: the fixture name 'a.on' is quoted: duet-verify reads the name a.on, but the duet CLI reads "
          + "the quotes as part of the name, so the two tools look for different recordings. Write the name unquoted."
      ])
  }

  func testALedgerTheDuetCLIRejectsIsAWarningAtEachLine() {
    let text = """
      features:
        a:
          fixtures: []
      presentation:
        waivers: junk
        notes: none
        islands:
          - map
          - id: a.map
            tags:
              - x
      """
    XCTAssertEqual(problems(text), [])
    XCTAssertEqual(warnings(text).map { $0.split(separator: ":")[1] }, ["5", "6", "8", "10"])
    XCTAssertTrue(
      warnings(text).allSatisfy { $0.contains("the duet CLI rejects this manifest there") }, "\(warnings(text))")
    XCTAssertEqual(warnings(DuetTestTreeManifests.dual), [])
  }

  func testAMocksSectionTheDuetCLIRejectsIsAWarningAtEachLine() {
    let text = """
      features:
        a:
          fixtures: []
      mocks:
        bundle: 0.6.0
        extra:
          stray: line
        generators:
          a_mocks: yes
          b_mocks:
            output: Tests/B.swift
            roots:
              - Sources/B
            sources:
              - Sources/B
      """
    XCTAssertEqual(problems(text), [])
    XCTAssertEqual(warnings(text).map { $0.split(separator: ":")[1] }, ["6", "9", "12"])
    XCTAssertTrue(warnings(text).allSatisfy { $0.contains("carries mocks: unread") }, "\(warnings(text))")
    XCTAssertEqual(warnings(DuetTestTreeManifests.swift(appending: DuetTestTreeManifests.mocksRow)), [])
  }
}

extension ManifestGrammarTests {
  func testASpaceBeforeTheColonIsNamed() {
    XCTAssertEqual(
      problems("features:\n  a:\n    swift : S/A.swift\n    fixtures: []\n"),
      ["manifest.yaml:3: remove the space before ':' in 'swift : S/A.swift'. Write it as 'swift: S/A.swift'."])
  }
}
