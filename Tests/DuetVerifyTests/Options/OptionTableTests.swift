import XCTest

@testable import DuetVerify

/// The command-line conventions (docs/commands.md), read from the one option table.
final class OptionTableTests: XCTestCase {
  func parse(_ arguments: [String]) throws -> ParsedArguments {
    let request = try ParsedArguments.parse(arguments)
    guard case .run(let parsed) = request else {
      XCTFail("\(arguments) asked for \(request), not a run")
      return ParsedArguments(verb: .verify)
    }
    return parsed
  }

  func error(_ arguments: [String]) -> String? {
    do {
      _ = try ParsedArguments.parse(arguments)
      return nil
    } catch {
      return error.description
    }
  }

  func testVerbHelpIsAHelpRequest() throws {
    for verb in Verb.allCases where verb != .help {
      XCTAssertEqual(try ParsedArguments.parse([verb.rawValue, "--help"]), .help(verb))
      XCTAssertEqual(try ParsedArguments.parse([verb.rawValue, "-h"]), .help(verb))
    }
    XCTAssertEqual(try ParsedArguments.parse(["--help"]), .help(nil))
    XCTAssertEqual(try ParsedArguments.parse(["-h"]), .help(nil))
    XCTAssertEqual(try ParsedArguments.parse(["help", "record"]), .help(.record))
  }

  func testHelpWinsOverOtherMistakesOnTheLine() throws {
    XCTAssertEqual(try ParsedArguments.parse(["verify", "--jbos", "2", "--help"]), .help(.verify))
  }

  func testVersionFlagIsAVersionRequest() throws {
    XCTAssertEqual(try ParsedArguments.parse(["--version"]), .version)
    XCTAssertEqual(try ParsedArguments.parse(["verify", "--version"]), .version)
    XCTAssertEqual(try ParsedArguments.parse(["version"]), .version)
  }

  func testNoVerbMeansVerify() throws {
    XCTAssertEqual(try parse([]).verb, .verify)
    XCTAssertEqual(try parse(["--quiet"]).verb, .verify)
  }

  func testEqualsAndSpaceFormsReadTheSame() throws {
    XCTAssertEqual(
      try parse(["verify", "--jobs=3", "--runner", "r x"]), try parse(["verify", "--jobs", "3", "--runner=r x"]))
  }

  func testDoubleDashEndsOptions() throws {
    let parsed = try parse(["canonical", "--pretty", "--", "--not-an-option.json"])
    XCTAssertTrue(parsed.pretty)
    XCTAssertEqual(parsed.operands, ["--not-an-option.json"])
  }

  func testRepeatedFeatureAccumulates() throws {
    XCTAssertEqual(try parse(["verify", "--feature", "a", "--feature=b", "--feature", "a"]).features, ["a", "b"])
    XCTAssertEqual(try parse(["record", "--feature", "a", "--feature", "b"]).features, ["a", "b"])
  }

  func testSingleValuedOptionTwiceIsUsageError() {
    XCTAssertEqual(
      error(["record", "--runner", "a", "--runner=b"]),
      "duet-verify record: --runner is given twice ('a', then 'b'), but it takes one value. Give it once.")
    XCTAssertEqual(
      error(["verify", "--json", "--json"]),
      "duet-verify verify: --json is given twice, but it takes one value. Give it once.")
  }

  func testSwitchWithAValueIsUsageError() {
    XCTAssertEqual(error(["verify", "--quiet=yes"]), "duet-verify verify: --quiet takes no value.")
  }

  func testAnOptionFollowedByAnotherOptionHasNoValue() {
    XCTAssertEqual(error(["verify", "--feature", "--json"]), "duet-verify verify: --feature needs a value.")
  }

  func testAnEmptyValueIsUsageError() {
    XCTAssertEqual(
      error(["verify", "--feature="]), "duet-verify verify: --feature needs a value that is not empty, not ''.")
  }

  func testAnOptionOfAnotherVerbIsUsageError() {
    XCTAssertEqual(
      error(["lint", "--runner", "r"]),
      "duet-verify lint: --runner is not an option of lint (it belongs to verify, record, explain, coverage, "
        + "mutate). Run `duet-verify help lint` for its options.")
  }

  func testUnknownOptionSuggestsTheClosestOptionOfTheVerb() {
    XCTAssertEqual(
      error(["record", "--chek"]),
      "duet-verify record: unknown option '--chek'. Did you mean '--check'? Run `duet-verify help record` for its "
        + "options.")
  }

  func testValuesAreCheckedByTheirKind() {
    XCTAssertEqual(
      error(["verify", "--jobs", "many"]),
      "duet-verify verify: --jobs needs a whole number of runner processes from 1 to 256, not 'many'.")
    XCTAssertEqual(
      error(["verify", "--shard=0/2"]),
      "duet-verify verify: --shard needs K/N with 1 ≤ K ≤ N (e.g. --shard 2/4), or auto, not '0/2'.")
  }

  func testMarkdownAndJSONTogetherIsAUsageError() {
    XCTAssertEqual(
      error(["taxonomy", "--markdown", "--json"]),
      "duet-verify taxonomy: --markdown and --json cannot be combined; pick one output format.")
    XCTAssertEqual(
      error(["taxonomy", "--json", "--markdown"]),
      "duet-verify taxonomy: --json and --markdown cannot be combined; pick one output format.")
  }

  func testRecordRebuildWithAGivenRunnerIsAUsageError() {
    XCTAssertEqual(
      error(["record", "--rebuild", "--runner", "./r"]),
      "duet-verify record: --rebuild and --runner cannot be combined; --rebuild builds the manifest's replayRunner, "
        + "and you build a --runner yourself.")
  }

  func testAllowEmptyShardNeedsShard() {
    XCTAssertEqual(
      error(["verify", "--allow-empty-shard"]),
      "duet-verify verify: --allow-empty-shard only works with --shard; use it as verify --shard K/N "
        + "--allow-empty-shard.")
  }

  func testOperandsBeyondTheVerbsAreUsageErrors() {
    XCTAssertEqual(
      error(["verify", "counter"]),
      "duet-verify verify: unexpected argument 'counter'. Scope a run with --feature F instead.")
    XCTAssertEqual(
      error(["explain", "a", "b"]),
      "duet-verify explain: unexpected argument 'b'. Give one recording (name or name#step), not several.")
  }

  func testAnUnknownVerbSuggestsTheClosestVerb() {
    XCTAssertEqual(
      error(["recrod"]),
      "duet-verify: unknown verb 'recrod'. Did you mean 'record'? Run `duet-verify help` for the list of verbs.")
    XCTAssertEqual(
      error(["help", "lnt"]),
      "duet-verify help: unknown verb 'lnt'. Did you mean 'lint'? Run `duet-verify help` for the list.")
  }

  /// Help is derived from the table: each verb's help names exactly the options the verb takes.
  func testEachVerbHelpListsExactlyTheOptionsItTakes() {
    for verb in Verb.allCases {
      let text = Usage.text(for: verb)
      let listed = text.split(separator: "\n").filter { $0.hasPrefix("  --") }.map {
        String($0.dropFirst(2).prefix { $0 != " " && $0 != "," })
      }
      XCTAssertEqual(listed, Option.taken(by: verb).map(\.rawValue), "help \(verb.rawValue)")
    }
  }

  /// The verb list is one list: the overview names every verb.
  func testTheOverviewNamesEveryVerb() {
    let overview = Usage.overview
    for verb in Verb.allCases {
      XCTAssertTrue(overview.contains("\n  \(verb.overview.shape) "), "overview lacks \(verb.rawValue)")
    }
  }

  func testEveryOptionIsTakenBySomeVerbAndTakesWhatItsHelpShows() throws {
    for option in Option.allCases {
      XCTAssertFalse(option.row.verbs.isEmpty, option.rawValue)
      let verb = try XCTUnwrap(Verb.allCases.first(where: option.row.verbs.contains))
      let help = Usage.text(for: verb)
      let shown = help.split(separator: "\n").first { $0.hasPrefix("  \(option.rawValue)") } ?? ""
      XCTAssertEqual(
        option.row.value.placeholder.map { shown.contains(" \($0) ") } ?? true, true, "\(option.rawValue): \(shown)")
    }
  }
}
