import DuetCore
import DuetPlatform

/// Every input of one `swift build --product replay-runner`, by content, so that a later run can
/// tell for certain that nothing the build read has changed and skip it (RunnerBuildStamp), and
/// which modules must be compiled again when something did (RunnerRebuildPlan).
///
/// One entry per input: the build's command line and toolchain (`swift` resolved and its
/// `swift-build`/`swift-frontend` siblings, by file identity: hashing the compiler on every run
/// would cost more than the build it saves), the environment variables that steer SwiftPM or the
/// compilers and those the packages' manifests read (ManifestEnvironment; by a digest of the
/// value), then every file of the runner package and of every path package its build uses —
/// transitively, as SwiftPM describes them (RunnerPackageGraph) and as `.build/workspace-state.json`
/// lists them — and every file under each target's source folder wherever its `path:` puts it,
/// each with the digest of its bytes (ContentHash). Remote dependencies count through their
/// checkouts (`.build/checkouts/`, `.build/registry/`, `.build/artifacts/`, `Packages/`). Left
/// out below each folder walked: folders named `.build`, `.git` and `.runs` (build products,
/// history, reports). Whatever cannot be read — a package SwiftPM cannot describe, a workspace state
/// naming a dependency of a kind this does not know, an unreadable folder, a link to a folder —
/// gives no fingerprint, and the caller builds from scratch.
struct RunnerFingerprint: Equatable, Sendable {
  /// The entries, in a stable order.
  var entries: [FingerprintEntry]
  /// The latest status-change time (ns since the epoch) of any file walked: when it is not
  /// clearly before the build began, an edit in the same clock tick could hide (RunnerBuildStamp).
  var newestChange: Int64
  /// The package folders walked (the runner package first), absolute.
  var packages: [String]
  /// The packages and their modules, as SwiftPM describes them.
  var graph: RunnerPackageGraph

  /// One line per entry (what the stamp keeps of the inputs).
  var text: String { entries.map(\.line).joined(separator: "\n") + "\n" }

  /// Environment variables that change what SwiftPM or the compilers do (any name starting with
  /// `SWIFT` counts too).
  static let buildEnvironment: Set<String> = [
    "CC", "CXX", "CFLAGS", "CXXFLAGS", "LDFLAGS", "CPATH", "LIBRARY_PATH", "LD_LIBRARY_PATH", "PKG_CONFIG_PATH",
    "SDKROOT", "TOOLCHAINS", "DEVELOPER_DIR", "HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "TMPDIR",
  ]

  /// The fingerprint of building `package` with `swift arguments`, or nil when any part of it
  /// cannot be read (then the build must run). `describe` asks SwiftPM about a package folder
  /// (by default `swift package describe`; tests hand over canned answers).
  static func take(
    package: URL, swift: String, arguments: [String], environment: [String: String],
    describe: RunnerPackageGraph.Describe? = nil
  ) -> RunnerFingerprint? {
    var walk = FileWalk()
    let root = package.standardizedFileURL.path
    guard let toolchain = realpath(swift) else { return nil }
    let command = "\(toolchain) \(arguments.joined(separator: " "))"
    walk.entries.append(FingerprintEntry(kind: "command", name: command, content: ContentHash.of(command)))
    let tools = PathText.deletingLast(toolchain)
    var toolchainText = ""
    for tool in [toolchain, tools + "/swift-build", tools + "/swift-frontend"] {
      if tool != toolchain && !FileManager.default.fileExists(atPath: tool) { continue }
      guard let identity = FileIdentity.of(tool, follow: true) else { return nil }
      walk.entries.append(FingerprintEntry(kind: "tool", name: tool, content: identity.text, identity: identity.text))
      toolchainText += identity.text + " " + tool + "\n"
    }
    guard
      let graph = RunnerPackageGraph.load(
        root: root, toolchain: toolchainText, environment: environment,
        describe: describe ?? RunnerPackageGraph.describer(swift: swift, scratch: root + "/.build/duet-verify-describe")
      )
    else { return nil }
    let reads = graph.packages.map(\.reads)
    let readsAll = reads.contains { $0.readsAll }
    let read = reads.reduce(into: Set<String>()) { $0.formUnion($1.names) }
    for (name, value) in environment.sorted(by: { $0.key < $1.key })
    where readsAll || read.contains(name) || name.hasPrefix("SWIFT") || buildEnvironment.contains(name) {
      walk.entries.append(FingerprintEntry(kind: "env", name: name, content: ContentHash.of(value)))
    }
    guard let locals = localPackages(of: root) else { return nil }
    let packages = [root] + Set(graph.packages.dropFirst().map(\.folder) + locals).sorted()
    // A package inside another (an app's runner package inside its repository) is walked once.
    let walked = Set(packages).filter { folder in !packages.contains { $0 != folder && inside(folder, $0) } }
    for folder in walked.sorted() {
      guard walk.add(folder: folder) else { return nil }
    }
    // A target's folder may lie where the package walk does not go (`path: ".build/gen"`).
    for target in graph.packages.flatMap(\.targets) where FileManager.default.fileExists(atPath: target.folder) {
      guard walk.add(folder: target.folder) else { return nil }
    }
    for remote in ["checkouts", "registry", "artifacts"] {
      let folder = root + "/.build/" + remote
      guard FileManager.default.fileExists(atPath: folder) else { continue }
      guard walk.add(folder: folder) else { return nil }
    }
    return RunnerFingerprint(entries: walk.entries, newestChange: walk.newestChange, packages: packages, graph: graph)
  }

  /// The folders of the local packages SwiftPM's last build of `package` used (every dependency of
  /// kind `fileSystem`, and edited ones with their own path): none when it was never built, nil
  /// when its workspace state cannot be read or names a dependency state this does not know.
  static func localPackages(of package: String) -> [String]? {
    let file = package + "/.build/workspace-state.json"
    guard FileManager.default.fileExists(atPath: file) else { return [] }
    guard let data = FileManager.default.contents(atPath: file),
      let document = try? JSONParser().parse(data), let dependencies = document["object"]?["dependencies"]?.arrayValue
    else { return nil }
    var folders: [String] = []
    for dependency in dependencies {
      guard let state = dependency["state"], let name = state["name"]?.stringValue else { return nil }
      switch name {
      case "fileSystem":
        guard let path = state["path"]?.stringValue ?? dependency["packageRef"]?["location"]?.stringValue,
          path.hasPrefix("/")
        else { return nil }
        folders.append(URL(fileURLWithPath: path).standardizedFileURL.path)
      case "edited":
        // Without a path of its own, the edited copy is under Packages/, which the package walk covers.
        if let path = state["path"]?.stringValue { folders.append(URL(fileURLWithPath: path).standardizedFileURL.path) }
      case "sourceControlCheckout", "checkout", "registryDownload":
        continue  // under .build/checkouts or .build/registry, both walked
      default:
        return nil
      }
    }
    return folders
  }

  /// True when `path` is `folder` or inside it.
  static func inside(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }

  static func realpath(_ path: String) -> String? {
    #if canImport(Glibc)
      guard let resolved = Glibc.realpath(path, nil) else { return nil }
    #else
      guard let resolved = Darwin.realpath(path, nil) else { return nil }
    #endif
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
