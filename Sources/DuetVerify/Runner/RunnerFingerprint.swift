import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every input of one `swift build --product replay-runner`, as text, so that a later run can tell
/// for certain that nothing the build read has changed and skip the build (RunnerBuildStamp).
///
/// One line per input: the `swift` executable (resolved) and its `swift-build`/`swift-frontend`
/// siblings, the build's command line, the environment variables that steer SwiftPM or the
/// compilers, then every file of the runner package and of every local (path) package its build
/// used — transitively, as SwiftPM's `.build/workspace-state.json` lists them — with its size,
/// modification and status-change times in nanoseconds, inode, device and mode. Remote
/// dependencies count through their checkouts (`.build/checkouts/`, `.build/registry/`,
/// `.build/artifacts/`, `Packages/`). Left out: folders named `.build`, `.git`, `.runs` and
/// `.swiftpm` at any depth (build products, history, reports, editor state; SwiftPM compiles no
/// hidden file). Whatever cannot be read — no workspace state, a dependency of a kind this does
/// not know, an unreadable folder, a link to a folder — gives no fingerprint, and the caller builds.
struct RunnerFingerprint: Equatable, Sendable {
  /// The lines, in a stable order.
  var text: String
  /// The latest status-change time (ns since the epoch) of any file walked: when it is not
  /// clearly before the build began, an edit in the same clock tick could hide (RunnerBuildStamp).
  var newestChange: Int64
  /// The package folders walked (the runner package first), absolute.
  var packages: [String]

  /// Folder names never walked, at any depth.
  static let skippedFolders: Set<String> = [".build", ".git", ".runs", ".swiftpm"]

  /// Environment variables that change what SwiftPM or the compilers do (any name starting with
  /// `SWIFT` counts too).
  static let buildEnvironment: Set<String> = [
    "CC", "CXX", "CFLAGS", "CXXFLAGS", "LDFLAGS", "CPATH", "LIBRARY_PATH", "LD_LIBRARY_PATH", "PKG_CONFIG_PATH",
    "SDKROOT", "TOOLCHAINS", "DEVELOPER_DIR", "HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "TMPDIR",
  ]

  /// The fingerprint of building `package` with `swift arguments`, or nil when any part of it
  /// cannot be read (then the build must run).
  static func take(package: URL, swift: String, arguments: [String], environment: [String: String])
    -> RunnerFingerprint?
  {
    var walk = FileWalk()
    let root = package.standardizedFileURL.path
    guard let toolchain = realpath(swift) else { return nil }
    walk.lines.append("command \(toolchain) \(arguments.joined(separator: " "))")
    let tools = (toolchain as NSString).deletingLastPathComponent
    for tool in [toolchain, tools + "/swift-build", tools + "/swift-frontend"] {
      if tool != toolchain && !FileManager.default.fileExists(atPath: tool) { continue }
      guard let identity = FileIdentity.of(tool, follow: true) else { return nil }
      walk.lines.append("tool \(identity.text) \(tool)")
    }
    for (name, value) in environment.sorted(by: { $0.key < $1.key })
    where name.hasPrefix("SWIFT") || buildEnvironment.contains(name) {
      walk.lines.append("env \(name)=\(value)")
    }
    guard let locals = localPackages(of: root) else { return nil }
    let packages = [root] + locals.sorted()
    for folder in packages { walk.lines.append("package \(FileWalk.escaped(folder))") }
    // A package inside another (an app's runner package inside its repository) is walked once.
    let walked = Set(packages).filter { folder in !packages.contains { $0 != folder && inside(folder, $0) } }
    for folder in walked.sorted() {
      guard walk.add(folder: folder) else { return nil }
    }
    for remote in ["checkouts", "registry", "artifacts"] {
      let folder = root + "/.build/" + remote
      guard FileManager.default.fileExists(atPath: folder) else { continue }
      walk.lines.append("remote \(FileWalk.escaped(folder))")
      guard walk.add(folder: folder) else { return nil }
    }
    return RunnerFingerprint(
      text: walk.lines.joined(separator: "\n") + "\n", newestChange: walk.newestChange, packages: packages)
  }

  /// The folders of the local packages SwiftPM's last build of `package` used (every dependency of
  /// kind `fileSystem`, and edited ones with their own path), or nil when its workspace state
  /// cannot be read or names a dependency state this does not know.
  static func localPackages(of package: String) -> [String]? {
    let file = URL(fileURLWithPath: package + "/.build/workspace-state.json")
    guard let data = try? Data(contentsOf: file),
      let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let object = document["object"] as? [String: Any],
      let dependencies = object["dependencies"] as? [[String: Any]]
    else { return nil }
    var folders: [String] = []
    for dependency in dependencies {
      guard let state = dependency["state"] as? [String: Any], let name = state["name"] as? String else { return nil }
      switch name {
      case "fileSystem":
        let reference = dependency["packageRef"] as? [String: Any]
        guard let path = (state["path"] as? String) ?? (reference?["location"] as? String), path.hasPrefix("/")
        else { return nil }
        folders.append(URL(fileURLWithPath: path).standardizedFileURL.path)
      case "edited":
        // Without a path of its own, the edited copy is under Packages/, which the package walk covers.
        if let path = state["path"] as? String { folders.append(URL(fileURLWithPath: path).standardizedFileURL.path) }
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
