import Foundation

/// The demo features' recordings, committed in `Tests/Fixtures/demo` (recorded there by
/// `demo-runner`, so a fresh clone has them): what the end-to-end tests copy into their temporary
/// repositories. `../shared/reference` stays for cross-project conformance only.
///
/// `DemoRecordingsEndToEndTests` holds them to what `demo-runner` records today (`record --check`).
public enum DemoRecordings {
  /// `Tests/Fixtures/demo`: a repository of its own (its `manifest.yaml` lists every recording).
  public static let folder = SharedReference.repositoryRoot.appendingPathComponent("Tests/Fixtures/demo")

  /// `Tests/Fixtures/demo/fixtures/<name>.fixture.json`; an error naming the file when it is absent.
  public static func file(named name: String) throws -> URL {
    let url = folder.appendingPathComponent("fixtures/\(name).fixture.json")
    guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: url.path) }
    return url
  }

  /// The text of the recording `name`.
  public static func text(named name: String) throws -> String {
    String(decoding: try Data(contentsOf: try file(named: name)), as: UTF8.self)
  }

  /// A recording the tests ask for is not committed under `Tests/Fixtures/demo/fixtures/`.
  public struct Missing: Error, CustomStringConvertible {
    /// The file that was looked for.
    public var path: String
    public var description: String {
      "\(path) does not exist: list the recording in Tests/Fixtures/demo/manifest.yaml and record it with "
        + "demo-runner (the manifest's header says how)"
    }
  }
}
