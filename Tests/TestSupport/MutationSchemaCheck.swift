import Foundation
import XCTest

/// Checks `mutate --json` reports against the stored mutation-testing report schema with
/// Python's `jsonschema` (Draft 7), so the unit tests of the renderer and the end-to-end tests of
/// the real command hold the report to the same check.
public enum MutationSchemaCheck {
  /// One validator run per report in `reports` (keyed by a name the caller chooses for its
  /// messages): exit 0 when valid, each error on stderr as `path: message`. The schema is looked
  /// up once, so a test that checks several report shapes skips once: `XCTSkip` where Python or its
  /// `jsonschema` package is missing, or the reference is.
  public static func validate(_ reports: [String: String]) throws -> [String: CommandRun] {
    let schema = try SharedReference.file("mutation-report-schema/mutation-testing-report-schema.json")
    let python = URL(fileURLWithPath: "/usr/bin/env")
    let folder = try TemporaryFolder(prefix: "mutation-json")
    let probe = try CommandRun.run(python, ["python3", "-c", "import jsonschema"], in: folder.url)
    guard probe.code == 0 else {
      throw XCTSkip(
        "Python's jsonschema is not installed (python3 -m pip install jsonschema); the report is not checked")
    }
    let script = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1]))
      report = json.load(open(sys.argv[2]))
      errors = list(jsonschema.Draft7Validator(schema).iter_errors(report))
      for error in errors: print("/".join(map(str, error.absolute_path)) + ": " + error.message, file=sys.stderr)
      sys.exit(1 if errors else 0)
      """
    var runs: [String: CommandRun] = [:]
    for (index, (name, json)) in reports.sorted(by: { $0.key < $1.key }).enumerated() {
      let report = folder.url.appendingPathComponent("report-\(index).json")
      try Data(json.utf8).write(to: report)
      runs[name] = try CommandRun.run(python, ["python3", "-c", script, schema.path, report.path], in: folder.url)
    }
    return runs
  }
}
