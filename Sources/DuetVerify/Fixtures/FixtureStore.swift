import DuetCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The recordings folder: which fixture files exist, and loading one safely.
///
/// Loading is one fixture at a time (a large corpus is streamed, never held), refuses files over a
/// size limit before reading them, and never trusts a name to stay inside the folder (names are
/// validated by `NameRules` when the manifest is read).
struct FixtureStore: Sendable {
  /// The largest recording the verifier reads (64 MiB); larger files are refused with a message.
  static let defaultSizeLimit = 64 << 20

  /// The manifest's location (fixtures folder, repository root for display paths).
  var location: ManifestLocation {
    didSet { paths = Paths(location) }
  }
  /// The size limit in bytes.
  var sizeLimit: Int
  /// The folder's path and display path, worked out once (URL arithmetic per recording adds up).
  private var paths: Paths

  init(location: ManifestLocation, sizeLimit: Int = FixtureStore.defaultSizeLimit) {
    self.location = location
    self.sizeLimit = sizeLimit
    paths = Paths(location)
  }

  struct Paths: Sendable {
    var folder: String
    var display: String
    /// The folder held open for quick checks, when it existed inside the root as the store was made.
    var handle: FixturesFolderHandle?

    init(_ location: ManifestLocation) {
      folder = location.fixturesFolder.path
      display = location.relativePath(of: location.fixturesFolder)
      handle = FixturesFolderHandle(folder: folder, root: location.root)
    }
  }

  /// The display path of recording `name` (`fixtures/counter.fixture.json`).
  func displayPath(_ name: String) -> String {
    paths.display + "/" + name + ".fixture.json"
  }

  /// The file system path of recording `name`.
  func filePath(_ name: String) -> String {
    paths.folder + "/" + name + ".fixture.json"
  }

  /// Names of every `*.fixture.json` directly in the fixtures folder, sorted.
  func namesOnDisk() -> [String] {
    let folder = location.fixturesFolder.path
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
    let suffix = ".fixture.json"
    return entries.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.map { String($0.dropLast(suffix.count)) }
      .sorted()
  }

  /// Temporary files a killed `record` left in the fixtures folder (their process is gone), sorted.
  func strayTemporaries() -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: location.fixturesFolder.path)) ?? []
    return entries.filter(TemporaryName.isStray).sorted()
  }

  /// The file size of recording `name`, when it exists (used to schedule big recordings first).
  func size(of name: String) -> Int? {
    var status = stat()
    guard stat(filePath(name), &status) == 0 else { return nil }
    return Int(status.st_size)
  }

  /// The raw bytes of recording `name`, refusing missing and oversized files, links leading
  /// outside the repository, and anything that is not a regular file (a pipe would block the read).
  ///
  /// Plain `open`/`fstat`/`read` after the inspection: a corpus is tens of thousands of files, read
  /// once each.
  func bytes(of name: String) -> Result<[UInt8], FixtureLoadError> {
    let file = displayPath(name)
    let descriptor: Int32
    switch paths.handle?.openPlainFile(name + ".fixture.json") {
    case .missing: return .failure(.missing(file: file))
    case .opened(let opened): descriptor = opened
    case nil:
      let path: String
      switch FileInspection.inspect(location.fixtureFile(name), inside: location.root) {
      case .missing: return .failure(.missing(file: file))
      case .outside(let target): return .failure(.outsideRepository(file: file, target: target))
      case .notAFile(let kind): return .failure(.notAFile(file: file, kind: kind))
      case .regular(let size, let resolved):
        if size > sizeLimit { return .failure(.oversized(file: file, bytes: size, limit: sizeLimit)) }
        path = resolved
      }
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        return .failure(errno == ENOENT || errno == ENOTDIR ? .missing(file: file) : .unreadable(file: file))
      }
    }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(file: file)) }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      return .failure(.notAFile(file: file, kind: "something other than a file"))
    }
    let size = Int(status.st_size)
    if size > sizeLimit { return .failure(.oversized(file: file, bytes: size, limit: sizeLimit)) }
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
      }
      if got == 0 { break }
      if got < 0 {
        if errno == EINTR { continue }
        return .failure(.unreadable(file: file))
      }
      count += got
      if count == bytes.count {
        if count > sizeLimit { return .failure(.oversized(file: file, bytes: count, limit: sizeLimit)) }
        bytes.append(contentsOf: repeatElement(0, count: max(4_096, count)))  // the file grew while read
      }
    }
    bytes.removeSubrange(count...)
    return .success(bytes)
  }

  /// Recording `name`, read once for everything a run does with it: lint, the taxonomy gate,
  /// replay and `explain`.
  func load(_ name: String) -> Result<FixtureDocument, FixtureLoadError> {
    switch bytes(of: name) {
    case .success(let read): return inspect(read, name: name)
    case .failure(let error): return .failure(error)
    }
  }

  /// Recording `name` from bytes already read: the canonical fast path when the bytes prove
  /// canonical, else the parser. Everything after the file system, so the fuzz target drives
  /// exactly what `load` does with a file's bytes.
  func inspect(_ bytes: [UInt8], name: String) -> Result<FixtureDocument, FixtureLoadError> {
    guard var document = PrettyFixtureReader.read(bytes, name: name) else { return parse(bytes, name: name) }
    document.file = displayPath(name)
    document.bytes = bytes
    return .success(document)
  }

  /// Recording `name` from bytes already read, through the parser (the path that explains a file
  /// the fast reader leaves).
  func parse(_ bytes: [UInt8], name: String) -> Result<FixtureDocument, FixtureLoadError> {
    let file = displayPath(name)
    let tree: JSONValue
    do {
      tree = try JSONParser().parse(bytes)
    } catch {
      return .failure(.notJSON(file: file, error: error))
    }
    do {
      var document = try FixtureDocumentReader.read(tree, name: name)
      document.file = file
      document.bytes = bytes
      document.tree = tree
      document.taxonomyDocument = tree
      return .success(document)
    } catch {
      return .failure(.malformed(file: file, error: error))
    }
  }
}
