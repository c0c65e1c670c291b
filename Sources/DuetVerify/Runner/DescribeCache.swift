import DuetCore
import DuetPlatform

/// SwiftPM's description of each package of a runner's graph, kept between runs so an up-to-date
/// verify does not start SwiftPM once per package (RunnerPackageGraph). Each entry is valid only
/// under its key (toolchain, manifest bytes, environment values the manifests read); a file that
/// cannot be read is an empty cache, so the worst a damaged cache costs is a describe.
struct DescribeCache: Equatable, Sendable {
  /// The cache format; a file of another (older) one is an empty cache.
  static let version: Int64 = 2

  /// One target as SwiftPM describes it: its module, folder and what it depends on.
  struct Target: Equatable, Sendable {
    /// The module name (`c99name`), as its build products are named.
    var module: String
    /// The target name (`replay-runner`), as the package's products and targets name it.
    var name: String
    /// The folder as SwiftPM gave it (relative to the package or absolute).
    var folder: String
    /// The targets of the same package it depends on, by name.
    var targets: [String] = []
    /// The products (of this package or a dependency) it depends on, by name.
    var products: [String] = []
  }

  /// One package's description: its targets, its products and the folders of its path dependencies.
  struct Entry: Equatable, Sendable {
    var key: String
    var targets: [Target]
    var dependencies: [String]
    /// Each product's targets, by name; nil when what a product's build compiles cannot be told
    /// from the description (a package with a plugin, whose tools the build compiles too, or an
    /// answer without products): then every module of the graph counts as the runner's.
    var products: [String: [String]]?

    /// The entry for `swift package describe --type json`'s output; nil when it is not that shape.
    /// Path dependencies are the `fileSystem` ones; others are checkouts (RunnerFingerprint).
    init?(describe data: Data, key: String) {
      guard let document = try? JSONParser().parse(data), let targets = document["targets"]?.arrayValue else {
        return nil
      }
      var described: [Target] = []
      var plugin = false
      for target in targets {
        guard let module = target["c99name"]?.stringValue, let folder = target["path"]?.stringValue else { return nil }
        guard let targetDependencies = Self.strings(target["target_dependencies"], absent: []),
          let productDependencies = Self.strings(target["product_dependencies"], absent: [])
        else { return nil }
        plugin = plugin || target["type"]?.stringValue == "plugin"
        described.append(
          Target(
            module: module, name: target["name"]?.stringValue ?? module, folder: folder, targets: targetDependencies,
            products: productDependencies))
      }
      var paths: [String] = []
      for dependency in document["dependencies"]?.arrayValue ?? [] {
        guard dependency["type"]?.stringValue == "fileSystem" else { continue }
        guard let path = dependency["path"]?.stringValue else { return nil }
        paths.append(path)
      }
      var products: [String: [String]]? = [:]
      if plugin { products = nil }
      if let listed = document["products"]?.arrayValue {
        for product in listed {
          guard let name = product["name"]?.stringValue, let members = Self.strings(product["targets"], absent: nil)
          else {
            return nil
          }
          products?[name] = members
        }
      } else {
        products = nil
      }
      self.init(key: key, targets: described, dependencies: paths, products: products)
    }

    init(key: String, targets: [Target], dependencies: [String], products: [String: [String]]?) {
      self.key = key
      self.targets = targets
      self.dependencies = dependencies
      self.products = products
    }

    /// The strings of an array of strings, `absent` for no value; nil for any other value.
    static func strings(_ value: JSONValue?, absent: [String]?) -> [String]? {
      guard let value else { return absent }
      guard let elements = value.arrayValue else { return nil }
      let strings = elements.compactMap(\.stringValue)
      return strings.count == elements.count ? strings : nil
    }
  }

  /// By package folder (absolute).
  var packages: [String: Entry] = [:]

  /// The cache in `file`; empty when there is none or it cannot be read.
  static func read(_ file: String) -> DescribeCache {
    guard let data = FileManager.default.contents(atPath: file),
      let document = try? JSONParser().parse(data),
      document["version"]?.integerValue == version, let packages = document["packages"]?.objectValue
    else { return DescribeCache() }
    var cache = DescribeCache()
    for (folder, fields) in packages {
      guard let key = fields["key"]?.stringValue, let targets = fields["targets"]?.arrayValue,
        let dependencies = Entry.strings(fields["dependencies"], absent: nil)
      else { return DescribeCache() }
      var read: [Target] = []
      for target in targets {
        guard let module = target["module"]?.stringValue, let name = target["name"]?.stringValue,
          let path = target["folder"]?.stringValue, let uses = Entry.strings(target["targets"], absent: nil),
          let usesProducts = Entry.strings(target["products"], absent: nil)
        else { return DescribeCache() }
        read.append(Target(module: module, name: name, folder: path, targets: uses, products: usesProducts))
      }
      var products: [String: [String]]?
      if let listed = fields["products"]?.objectValue {
        products = [:]
        for (name, members) in listed {
          guard let members = Entry.strings(members, absent: nil) else { return DescribeCache() }
          products?[name] = members
        }
      }
      cache.packages[folder] = Entry(key: key, targets: read, dependencies: dependencies, products: products)
    }
    return cache
  }

  /// Writes the cache to `file` (creating its folder); a failure only costs the next run a describe.
  func write(_ file: String) {
    var packages: [String: JSONValue] = [:]
    for (folder, entry) in self.packages {
      var fields: [String: JSONValue] = [
        "key": .string(entry.key),
        "targets": .array(
          entry.targets.map {
            .object([
              "module": .string($0.module), "name": .string($0.name), "folder": .string($0.folder),
              "targets": .array($0.targets.map { .string($0) }), "products": .array($0.products.map { .string($0) }),
            ])
          }),
        "dependencies": .array(entry.dependencies.map { .string($0) }),
      ]
      if let products = entry.products {
        fields["products"] = .object(products.mapValues { .array($0.map { .string($0) }) })
      }
      packages[folder] = .object(fields)
    }
    let document = JSONValue.object(["version": .integer(Self.version), "packages": .object(packages)])
    guard let data = try? Data(CanonicalWriter.compactBytes(document)) else { return }
    let url = URL(fileURLWithPath: file)
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? data.write(to: url, options: .atomic)
  }
}
