import DuetCore
import TestSupport
import XCTest

@testable import DuetVerify

/// How a tool's JSON arguments become its verb's command line.
final class MCPToolTests: XCTestCase {
  func tool(_ name: String) throws -> MCPTool { try XCTUnwrap(MCPTool.named(name)) }

  func testVerifyArgumentsBecomeItsOptionsWithJSON() throws {
    let line = try tool("verify").commandLine([
      "manifest": .string("app/manifest.yaml"), "feature": .array([.string("a"), .string("b")]),
      "runner": .string("./r"), "jobs": .integer(2), "timeout": .fraction("2.5"), "shard": .string("1/3"),
      "rebuild": .bool(false),
    ]).get()
    XCTAssertEqual(
      line,
      [
        "verify", "--manifest", "app/manifest.yaml", "--feature", "a", "--feature", "b", "--runner", "./r", "--jobs",
        "2", "--timeout", "2.5", "--shard", "1/3", "--json",
      ])
  }

  func testRecordCheckAndOperandTools() throws {
    XCTAssertEqual(
      try tool("record_check").commandLine(["write": .bool(true)]).get(), ["record", "--check", "--write", "--json"])
    XCTAssertEqual(try tool("explain").commandLine(["target": .string("counter#1")]).get(), ["explain", "counter#1"])
    XCTAssertEqual(
      try tool("materialize").commandLine(["step": .string("counter#0"), "out": .string("T.swift")]).get(),
      ["materialize", "counter#0", "--out", "T.swift"])
  }

  func testMutateArgumentsBecomeItsOptionsWithJSON() throws {
    XCTAssertEqual(
      try tool("mutate").commandLine([
        "feature": .array([.string("tally")]), "since": .string("origin/main"), "minScore": .integer(80),
        "tableOnly": .bool(true), "noCache": .bool(false),
      ]).get(),
      ["mutate", "--feature", "tally", "--since", "origin/main", "--min-score", "80", "--table-only", "--json"])
    guard case .failure(let refused) = try tool("mutate").commandLine(["runner": .string("./r")]) else {
      return XCTFail("mutate took a runner, which it refuses")
    }
    assertContains(refused.message, "mutate takes no argument \"runner\"")
  }

  func testMissingOrUnknownArgumentIsASentence() throws {
    guard case .failure(let missing) = try tool("materialize").commandLine([:]) else { return XCTFail("accepted") }
    XCTAssertTrue(missing.message.contains("needs the argument \"step\""), missing.message)
    guard case .failure(let unknown) = try tool("lint").commandLine(["feature": .string("a")]) else {
      return XCTFail("accepted")
    }
    XCTAssertEqual(unknown.message, "lint takes no argument \"feature\"; it takes: manifest.")
  }

  func testEveryToolOptionIsOneItsVerbTakes() throws {
    for tool in MCPTool.all {
      let verb = try XCTUnwrap(Verb(rawValue: tool.verbWords[0]))
      for parameter in tool.parameters {
        guard let option = parameter.option else { continue }
        XCTAssertTrue(
          option.row.verbs.contains(verb), "\(tool.name).\(parameter.name): \(verb) does not take \(option.rawValue)")
      }
    }
  }
}
