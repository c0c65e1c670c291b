import DuetCore
import DuetScenario
import XCTest

/// A pinned repository root, so goldens do not depend on where the tests run.
let testRoot = SourceRoot(currentDirectory: "/repo") { _ in false }

/// The file path scenarios in goldens claim to be written in.
let testFile = "/repo/Sources/App/Scenarios.swift"

/// Reads a pretty-printed golden into a tree.
func tree(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
  try JSONParser().parse(text)
}

/// Asserts `body` throws a ScenarioError of `kind` with exactly `message`.
func assertScenarioError<T>(
  _ kind: ScenarioError.Kind, _ message: String, file: StaticString = #filePath, line: UInt = #line,
  _ body: () throws(ScenarioError) -> T
) {
  do {
    _ = try body()
    XCTFail("expected a \(kind) error, got none", file: file, line: line)
  } catch {
    XCTAssertEqual(error.kind, kind, file: file, line: line)
    XCTAssertEqual(error.description, message, file: file, line: line)
  }
}
