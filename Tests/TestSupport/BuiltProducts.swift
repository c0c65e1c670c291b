import Foundation
import XCTest

/// Finds executables that `swift build --build-tests` put beside the test bundle (tests never run
/// `swift build` themselves: it would wait on the build lock the test run holds).
public enum BuiltProducts {
  /// The built executable `name`; skips with the command to run when it is not built.
  public static func executable(named name: String) throws -> URL {
    var candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    if let argument = CommandLine.arguments.first(where: { $0.hasSuffix(".xctest") }) {
      candidates.append(URL(fileURLWithPath: argument).deletingLastPathComponent())
    }
    for folder in candidates {
      let url = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    throw XCTSkip("\(name) is not built beside the tests; run `swift build --build-tests` first")
  }
}
