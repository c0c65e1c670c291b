import TestSupport

@testable import DuetVerify

/// The shared temporary folder, named once here so every file of this target can use it.
typealias TemporaryFolder = TestSupport.TemporaryFolder

extension TemporaryFolder {
  /// Where `manifest.yaml` sits in the folder (written or not).
  var manifestLocation: ManifestLocation { ManifestLocation(file: url.appendingPathComponent("manifest.yaml")) }
}
