import DuetPlatform

/// Where the manifest is, and the folders that follow from it: the repository root (what manifest
/// paths are relative to), the fixtures folder and the `.runs/` report folder.
///
/// A Duet repository keeps its manifest in `parity/`; the root is then the parent folder, so a Duet
/// repository verifies unchanged.
struct ManifestLocation: Equatable, Sendable {
  /// The manifest file.
  let file: URL
  /// The repository root: the manifest's folder, or its parent when that folder is named `parity`.
  let root: URL
  /// The root's standardized path, which every ``relativePath(of:)`` compares with.
  private let rootPath: String
  /// The manifest's path relative to the root (`manifest.yaml`, `parity/manifest.yaml`).
  ///
  /// Worked out once: standardizing a URL costs ~28,000 instructions in swift-foundation, and a
  /// run asked for this name a dozen times (docs/performance.md, ninth round).
  let displayName: String

  init(file: URL) {
    self.file = file.standardizedFileURL
    let folder = self.file.deletingLastPathComponent()
    root = folder.lastPathComponent == "parity" ? folder.deletingLastPathComponent() : folder
    rootPath = root.standardizedFileURL.path
    displayName = Self.relativePath(of: self.file.path, to: rootPath)
  }

  /// The folder holding the manifest.
  var folder: URL { file.deletingLastPathComponent() }
  /// `fixtures/` beside the manifest.
  var fixturesFolder: URL { folder.appendingPathComponent("fixtures", isDirectory: true) }
  /// `.runs/` beside the fixtures folder: the machine report of the last run.
  var runsFolder: URL { folder.appendingPathComponent(".runs", isDirectory: true) }

  /// The file of recording `name` in the fixtures folder.
  func fixtureFile(_ name: String) -> URL {
    fixturesFolder.appendingPathComponent(name + ".fixture.json")
  }

  /// `url` relative to the root when it is inside it, else its full path.
  func relativePath(of url: URL) -> String {
    Self.relativePath(of: url.standardizedFileURL.path, to: rootPath)
  }

  /// Standardized `path` relative to standardized `rootPath` when inside it, else `path` itself.
  private static func relativePath(of path: String, to rootPath: String) -> String {
    if path == rootPath { return "." }
    let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// Finds the manifest: `explicit` when given (a file, or a folder holding one), else the first
  /// `manifest.yaml` or `parity/manifest.yaml` walking up from `start`.
  static func discover(
    explicit: String?, from start: URL
  ) throws(ManifestDiscoveryError) -> ManifestLocation {
    if let explicit {
      let url = resolve(explicit, against: start)
      guard let isFolder = FileInspection.isFolder(url.path) else { throw .explicitMissing(explicit) }
      if !isFolder { return ManifestLocation(file: url) }
      if let found = candidate(in: url) { return ManifestLocation(file: found) }
      throw .explicitFolderWithoutManifest(explicit)
    }
    var folder = start.standardizedFileURL
    while true {
      if let found = candidate(in: folder) { return ManifestLocation(file: found) }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path || folder.path == "/" { break }
      folder = parent
    }
    throw .notFound(start: start.standardizedFileURL.path)
  }

  static func candidate(in folder: URL) -> URL? {
    for relative in ["manifest.yaml", "parity/manifest.yaml"] {
      let url = folder.appendingPathComponent(relative)
      if FileInspection.isFolder(url.path) == false { return url }
    }
    return nil
  }
}

/// Why no manifest could be found; every verb that needs one exits 2 with this sentence.
enum ManifestDiscoveryError: Diagnostic, Equatable, Sendable {
  case notFound(start: String)
  case explicitMissing(String)
  case explicitFolderWithoutManifest(String)

  var message: String {
    switch self {
    case .notFound(let start):
      return
        "no manifest.yaml found in \(start) or any folder above it (looked for manifest.yaml and "
        + "parity/manifest.yaml). Run it inside a repository that has one, or give \(Option.manifest.rawValue) PATH."
    case .explicitMissing(let path):
      return "\(Option.manifest.rawValue) \(path) does not exist. Give the path of a manifest.yaml (or its folder)."
    case .explicitFolderWithoutManifest(let path):
      return
        "\(Option.manifest.rawValue) \(path) is a folder without manifest.yaml or parity/manifest.yaml. "
        + "Give the manifest file itself."
    }
  }
}
