import Foundation
import TestSupport

extension TemporaryRepository {
  /// A copy of the example app's parity files: the manifest, every recording, and the feature
  /// sources the manifest names (so lint finds them); replayed with the built `foyer-runner`.
  static func exampleApp() throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    let files = FileManager.default
    for folder in ["fixtures", "Sources/FoyerFeatures"] {
      let target = repository.root.appendingPathComponent(folder)
      try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try files.copyItem(at: SharedReference.repositoryRoot.appendingPathComponent(folder), to: target)
    }
    try files.copyItem(
      at: SharedReference.repositoryRoot.appendingPathComponent("manifest.yaml"),
      to: repository.root.appendingPathComponent("manifest.yaml"))
    return repository
  }
}
