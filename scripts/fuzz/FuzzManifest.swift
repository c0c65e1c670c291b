import Foundation

// libFuzzer target: arbitrary bytes as manifest.yaml text → parse, then build the lint model.
// Properties: never crash or hang; every problem names a line inside the text; a manifest that
// parses without problems lists only names the naming rules accept.
@testable import DuetVerify

/// A fixed scratch repository (reused across runs, so nothing piles up): a fixtures folder with one
/// leaf recording and one source file, so lint's path and fixture checks meet real files.
let scratch: ManifestLocation = {
  let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    .appendingPathComponent(".build/fuzz/manifest-root", isDirectory: true)
  let fixture = """
    {
      "dialect": 2,
      "feature": "counter",
      "initialState": {
        "count": 0
      },
      "steps": []
    }

    """
  try? FileManager.default.createDirectory(
    at: root.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
  try? FileManager.default.createDirectory(
    at: root.appendingPathComponent("Sources"), withIntermediateDirectories: true)
  try? Data(fixture.utf8).write(to: root.appendingPathComponent("fixtures/counter.fixture.json"))
  try? Data("// a source file\n".utf8).write(to: root.appendingPathComponent("Sources/Counter.swift"))
  return ManifestLocation(file: root.appendingPathComponent("manifest.yaml"))
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let text = String(bytes: bytes, encoding: .utf8) else { return 0 }
  let (manifest, problems) = ManifestReader.read(text, location: scratch)
  // By bytes: "\r\n" is one Character, so a split of the String would count a CRLF line short.
  let lineCount = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count
  for problem in problems {
    if let line = problem.line, line < 1 || line > lineCount {
      fatalError("problem on line \(line) of a \(lineCount)-line manifest: \(problem)")
    }
    _ = problem.description
  }
  if problems.isEmpty {
    for listed in manifest.listedFixtures where !NameRules.isFixtureName(listed.name) {
      fatalError("a clean manifest lists the unsafe fixture name '\(listed.name)'")
    }
    for feature in manifest.features where !NameRules.isFeatureName(feature.name) {
      fatalError("a clean manifest declares the invalid feature name '\(feature.name)'")
    }
  }
  let result = CorpusScan.run(
    Corpus(manifest: manifest, manifestProblems: problems, store: FixtureStore(location: scratch)))
  for problem in result.lint.problems { _ = problem.description }
  return 0
}
