import DuetCore
import DuetPlatform

/// SwiftPM's description of each package of a runner's graph, kept between runs so an up-to-date
/// verify does not start SwiftPM once per package (RunnerPackageGraph). Each entry is valid only
/// under its key (toolchain, manifest bytes, environment values the manifests read); a file that
/// cannot be read is an empty cache, so the worst a damaged cache costs is a describe.
struct DescribeCache: Equatable, Sendable {
  /// One package's description: its modules and the folders of its path dependencies.
  struct Entry: Equatable, Sendable {
    var key: String
    /// `(module, folder)`, the folder as SwiftPM gave it (relative to the package or absolute).
    var targets: [(module: String, folder: String)]
    var dependencies: [String]

    static func == (left: Entry, right: Entry) -> Bool {
      left.key == right.key && left.dependencies == right.dependencies
        && left.targets.map(\.module) == right.targets.map(\.module)
        && left.targets.map(\.folder) == right.targets.map(\.folder)
    }

    init(key: String, targets: [(module: String, folder: String)], dependencies: [String]) {
      self.key = key
      self.targets = targets
      self.dependencies = dependencies
    }

    /// The entry for `swift package describe --type json`'s output; nil when it is not that shape.
    /// Path dependencies are the `fileSystem` ones; others are checkouts (RunnerFingerprint).
    init?(describe data: Data, key: String) {
      guard let document = try? JSONParser().parse(data), let targets = document["targets"]?.arrayValue else {
        return nil
      }
      var modules: [(module: String, folder: String)] = []
      for target in targets {
        guard let module = target["c99name"]?.stringValue, let folder = target["path"]?.stringValue else { return nil }
        modules.append((module, folder))
      }
      var paths: [String] = []
      for dependency in document["dependencies"]?.arrayValue ?? [] {
        guard dependency["type"]?.stringValue == "fileSystem" else { continue }
        guard let path = dependency["path"]?.stringValue else { return nil }
        paths.append(path)
      }
      self.init(key: key, targets: modules, dependencies: paths)
    }
  }

  /// By package folder (absolute).
  var packages: [String: Entry] = [:]

  /// The cache in `file`; empty when there is none or it cannot be read.
  static func read(_ file: String) -> DescribeCache {
    guard let data = FileManager.default.contents(atPath: file),
      let document = try? JSONParser().parse(data),
      document["version"]?.integerValue == 1, let packages = document["packages"]?.objectValue
    else { return DescribeCache() }
    var cache = DescribeCache()
    for (folder, fields) in packages {
      guard let key = fields["key"]?.stringValue, let targets = fields["targets"]?.arrayValue?.map(Self.strings),
        let dependencies = Self.strings(fields["dependencies"]), targets.allSatisfy({ $0?.count == 2 })
      else { return DescribeCache() }
      let pairs = targets.compactMap { $0 }
      cache.packages[folder] = Entry(
        key: key, targets: pairs.map { ($0[0], $0[1]) }, dependencies: dependencies)
    }
    return cache
  }

  /// The strings of an array of strings; nil for any other value.
  private static func strings(_ value: JSONValue?) -> [String]? {
    guard let elements = value?.arrayValue else { return nil }
    let strings = elements.compactMap(\.stringValue)
    return strings.count == elements.count ? strings : nil
  }

  /// Writes the cache to `file` (creating its folder); a failure only costs the next run a describe.
  func write(_ file: String) {
    var packages: [String: JSONValue] = [:]
    for (folder, entry) in self.packages {
      packages[folder] = .object([
        "key": .string(entry.key),
        "targets": .array(entry.targets.map { .array([.string($0.module), .string($0.folder)]) }),
        "dependencies": .array(entry.dependencies.map { .string($0) }),
      ])
    }
    let document = JSONValue.object(["version": .integer(1), "packages": .object(packages)])
    guard let data = try? Data(CanonicalWriter.compactBytes(document)) else { return }
    let url = URL(fileURLWithPath: file)
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? data.write(to: url, options: .atomic)
  }
}
