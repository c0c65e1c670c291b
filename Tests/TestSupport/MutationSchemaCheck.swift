import Foundation
import XCTest

/// Checks a `mutate --json` report against the stored mutation-testing report schema with
/// Python's `jsonschema` (Draft 7), so the unit tests of the renderer and the end-to-end tests of
/// the real command hold the report to the same check.
public enum MutationSchemaCheck {
  /// The validator's run over `json`: exit 0 when valid, each error on stderr as `path: message`.
  /// Throws `XCTSkip` where Python or its `jsonschema` package is missing (or the reference is).
  public static func validate(_ json: String) throws -> CommandRun {
    let schema = try SharedReference.file("mutation-report-schema/mutation-testing-report-schema.json")
    let python = URL(fileURLWithPath: "/usr/bin/env")
    let folder = try TemporaryFolder(prefix: "mutation-json")
    let probe = try CommandRun.run(python, ["python3", "-c", "import jsonschema"], in: folder.url)
    guard probe.code == 0 else {
      throw XCTSkip(
        "Python's jsonschema is not installed (python3 -m pip install jsonschema); the report is not checked")
    }
    let report = folder.url.appendingPathComponent("report.json")
    try Data(json.utf8).write(to: report)
    let script = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1]))
      report = json.load(open(sys.argv[2]))
      errors = list(jsonschema.Draft7Validator(schema).iter_errors(report))
      for error in errors: print("/".join(map(str, error.absolute_path)) + ": " + error.message, file=sys.stderr)
      sys.exit(1 if errors else 0)
      """
    return try CommandRun.run(python, ["python3", "-c", script, schema.path, report.path], in: folder.url)
  }
}
