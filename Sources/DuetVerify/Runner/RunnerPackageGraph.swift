import Dispatch
import DuetPlatform
import DuetRunner

/// The packages a runner build compiles and where SwiftPM takes each module's sources from, as
/// SwiftPM itself says (`swift package describe --type json` in each package folder): a target's
/// `path:` may point anywhere in its package, `.swiftpm/…` and `.build/…` included, so a folder
/// walk that guesses cannot be trusted to see every source (RunnerFingerprint).
///
/// Path dependencies are followed transitively. A describe costs a SwiftPM start (about a second
/// on a loaded machine), so each package's answer is kept in `<runner>/.build/duet-verify-describe.json`
/// under a key made of the toolchain, the package's manifests' bytes and the values of the
/// environment variables they read; the answer is asked again only when one of those changed.
struct RunnerPackageGraph: Equatable, Sendable {
  /// One package of the graph.
  struct Package: Equatable, Sendable {
    /// The package folder, absolute.
    var folder: String
    /// Its manifest files (`Package.swift`, `Package@swift-….swift`), absolute.
    var manifests: [String]
    /// Its modules and their source folders.
    var targets: [Target]
    /// What its manifests read from the environment.
    var reads: ManifestEnvironment
    /// Each product's targets, by name; nil when the description cannot tell what building a
    /// product compiles (DescribeCache.Entry.products).
    var products: [String: [String]]? = nil
  }

  /// One module (target), the folder SwiftPM compiles it from and what it depends on.
  struct Target: Equatable, Sendable {
    /// The module name (`c99name`), as its build products are named.
    var module: String
    /// The target's folder, absolute.
    var folder: String
    /// The target name, as products and other targets of its package name it.
    var name: String = ""
    /// The targets of its package it depends on, by name.
    var targets: [String] = []
    /// The products it depends on (of any package of the graph), by name.
    var products: [String] = []
  }

  /// The runner package first, then its path dependencies in the order found.
  var packages: [Package]

  /// Asks SwiftPM to describe the package in a folder: the JSON, or nil when it cannot.
  typealias Describe = @Sendable (_ folder: String) -> Data?

  /// How long a describe may take before it counts as failed (SwiftPM waits for a lock forever).
  static let describeSeconds: Double = 120

  /// `swift package describe --type json` run by `swift` for a folder, with its scratch folder
  /// under `scratch` (never the described package's own `.build`: a build running there holds its
  /// lock, and a describe would wait for it).
  static func describer(swift: String, scratch: String) -> Describe {
    return { folder in
      let arguments = [
        "package", "--package-path", folder, "--scratch-path", scratch, "describe", "--type", "json",
      ]
      guard let process = try? SpawnedProcess.spawn(executable: swift, arguments: arguments, workingDirectory: folder)
      else { return nil }
      closeDescriptor(process.input)
      // A hung SwiftPM is ended at the deadline (the kill closes its pipes, so the reads end); its
      // error stream is drained on its own thread so a chatty one cannot fill the pipe. (Killing a
      // child that has ended but is not yet reaped reaches nothing else: its pid is still its own.)
      let watchdog = DispatchWorkItem { process.killGroup() }
      DispatchQueue.global().asyncAfter(deadline: .now() + describeSeconds, execute: watchdog)
      let errors = process.errorOutput
      let drained = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        _ = RunnerBuilder.readAll(errors)
        drained.signal()
      }
      let output = RunnerBuilder.readAll(process.output)
      drained.wait()
      watchdog.cancel()
      closeDescriptor(process.output)
      closeDescriptor(errors)
      guard process.reap(grace: 5) == .status(0) else { return nil }
      return Data(output.utf8)
    }
  }

  /// The graph of the runner package at `root`, or nil when a package cannot be described.
  static func load(root: String, toolchain: String, environment: [String: String], describe: Describe)
    -> RunnerPackageGraph?
  {
    let cacheFile = root + "/.build/duet-verify-describe.json"
    let cached = DescribeCache.read(cacheFile)
    var fresh = DescribeCache()
    var packages: [Package] = []
    var queue = [root]
    var seen: Set<String> = []
    while !queue.isEmpty {
      let folder = queue.removeFirst()
      guard seen.insert(folder).inserted else { continue }
      guard let (manifests, key, reads) = manifestKey(folder: folder, toolchain: toolchain, environment: environment)
      else { return nil }
      var entry = cached.packages[folder].flatMap { $0.key == key ? $0 : nil }
      if entry == nil {
        guard let data = describe(folder), let described = DescribeCache.Entry(describe: data, key: key) else {
          return nil
        }
        entry = described
      }
      guard let entry else { return nil }
      fresh.packages[folder] = entry
      let targets = entry.targets.map {
        Target(
          module: $0.module, folder: absolute($0.folder, in: folder), name: $0.name, targets: $0.targets,
          products: $0.products)
      }
      packages.append(
        Package(folder: folder, manifests: manifests, targets: targets, reads: reads, products: entry.products))
      queue += entry.dependencies.map { absolute($0, in: folder) }
    }
    if fresh != cached { fresh.write(cacheFile) }
    return RunnerPackageGraph(packages: packages)
  }

  /// The manifests of the package in `folder`, the describe cache key for them, and what they read
  /// from the environment; nil when there is no readable `Package.swift`.
  static func manifestKey(folder: String, toolchain: String, environment: [String: String])
    -> ([String], String, ManifestEnvironment)?
  {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
    let manifests = names.filter { $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift")) }
      .sorted().map { folder + "/" + $0 }
    guard manifests.contains(folder + "/Package.swift") else { return nil }
    var reads = ManifestEnvironment()
    var key = "toolchain \(toolchain)\n"
    for manifest in manifests {
      guard let data = FileManager.default.contents(atPath: manifest) else { return nil }
      let found = ManifestEnvironment.scan(String(decoding: data, as: UTF8.self))
      reads.names.formUnion(found.names)
      reads.readsAll = reads.readsAll || found.readsAll
      key += "manifest \(manifest) \(data.withUnsafeBytes { ContentHash.of(bytes: $0) })\n"
    }
    for (name, value) in environment.sorted(by: { $0.key < $1.key })
    where reads.readsAll || reads.names.contains(name) {
      key += "env \(name) \(ContentHash.of(value))\n"
    }
    return (manifests, ContentHash.of(key), reads)
  }

  /// `path` made absolute against `folder` and standardised.
  static func absolute(_ path: String, in folder: String) -> String {
    URL(fileURLWithPath: path.hasPrefix("/") ? path : folder + "/" + path).standardizedFileURL.path
  }

  /// The module whose source folder holds `path` (the innermost), if any.
  func module(holding path: String) -> String? {
    var best: Target?
    for package in packages {
      for target in package.targets where RunnerFingerprint.inside(path, target.folder) {
        if target.folder.count > (best?.folder.count ?? -1) { best = target }
      }
    }
    return best?.module
  }

  /// The modules building `product` of the runner package (the first) compiles: its targets and,
  /// transitively, the targets they depend on and those of the products they use, in any package
  /// of the graph (a product name two packages share counts both). A product of a package outside
  /// the graph (a remote one) adds none of the graph's modules. Nil when it cannot be told — the
  /// runner package has no such product, a package's products are unknown, or a target names one
  /// its package does not have —: then every module of the graph must count.
  func modules(building product: String) -> Set<String>? {
    guard let first = packages.first?.products?[product], packages.allSatisfy({ $0.products != nil }) else {
      return nil
    }
    var modules: Set<String> = []
    var seen: Set<String> = []
    var queue: [(Int, String)] = first.map { (0, $0) }
    while let (index, name) = queue.popLast() {
      guard seen.insert("\(index)\t\(name)").inserted else { continue }
      guard let target = packages[index].targets.first(where: { $0.name == name }) else { return nil }
      modules.insert(target.module)
      queue += target.targets.map { (index, $0) }
      for used in target.products {
        for (other, package) in packages.enumerated() {
          queue += (package.products?[used] ?? []).map { (other, $0) }
        }
      }
    }
    return modules
  }
}
