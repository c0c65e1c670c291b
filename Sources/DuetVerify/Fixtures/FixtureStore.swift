import DuetCore
import DuetPlatform

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
    Self.path(paths.display, name)
  }

  /// `folder/name.fixture.json`, made in one allocation: every recording read names its file, and
  /// three appends grew the string three times.
  static func path(_ folder: String, _ name: String) -> String {
    let suffix = ".fixture.json"
    var path = ""
    path.reserveCapacity(folder.utf8.count + 1 + name.utf8.count + suffix.utf8.count)
    path += folder
    path += "/"
    path += name
    path += suffix
    return path
  }

  /// The file system path of recording `name`.
  func filePath(_ name: String) -> String {
    Self.path(paths.folder, name)
  }

  /// Names of every `*.fixture.json` directly in the fixtures folder, sorted.
  func namesOnDisk() -> [String] {
    listing().recordings.sorted()
  }

  /// What the fixtures folder holds (recordings, stray temporaries, recordings in subfolders),
  /// from one pass over it.
  func listing() -> FixturesListing {
    if let handle = paths.handle { return FixturesListing(handle: handle, folder: paths.folder) }
    return FixturesListing(folder: location.fixturesFolder.path)
  }

  /// What one look at a recording's file found before it is read: its size for the dispatch order,
  /// and whether it was a plain file directly in the held fixtures folder, which
  /// ``bytes(of:looked:)`` then opens without looking again. A look travels with its recording
  /// (the pass's job carries it), so no table of looks is kept, locked or searched.
  struct Look: Sendable {
    /// The file's size (a link's target's), nil when there is no such file.
    var size: Int?
    /// True when it was a plain file directly in the held folder as it was looked at.
    var isPlainFile: Bool
  }

  /// One look at recording `name`'s file: a plain file in the held folder is settled by one
  /// `fstatat` that does not follow links; anything else (a link, say, or any recording when the
  /// folder could not be held open) by `stat`, for its size alone.
  func look(_ name: String) -> Look {
    if let handle = paths.handle {
      switch handle.look(recording: name) {
      case .plainFile(let size): return Look(size: size, isPlainFile: true)
      case .missing: return Look(size: nil, isPlainFile: false)
      case .other: break
      }
    }
    var status = stat()
    guard stat(filePath(name), &status) == 0 else { return Look(size: nil, isPlainFile: false) }
    return Look(size: Int(status.st_size), isPlainFile: false)
  }

  /// The file size of recording `name`, when it exists (used to schedule big recordings first and
  /// to cut shards by cost).
  func size(of name: String) -> Int? {
    look(name).size
  }

  /// The raw bytes of recording `name`, refusing missing and oversized files, links leading
  /// outside the repository, and anything that is not a regular file (a pipe would block the read).
  ///
  /// A corpus is tens of thousands of files, read once each: a plain file in the fixtures folder
  /// costs four system calls (`fstatat`, `openat`, one `read`, `close`), three when `looked` (the
  /// dispatch order's ``look(_:)``) found it a plain file already; the full inspection is only for
  /// what is not one (a link, say). The look comes first so that nothing but a plain file is ever
  /// opened: a named pipe or a device where a recording should be is refused unopened.
  func bytes(of name: String, looked: Look? = nil) -> Result<[UInt8], FixtureLoadError> {
    let descriptor: Int32
    let expected: Int
    let opening: FixturesFolderHandle.Opening?
    if let handle = paths.handle {
      if let looked, looked.isPlainFile, let size = looked.size {
        opening = handle.openSeen(recording: name, size: size)
      } else {
        opening = handle.openPlainFile(recording: name)
      }
    } else {
      opening = nil
    }
    switch opening {
    case .missing: return .failure(.missing(file: displayPath(name)))
    case .opened(let opened, let size):
      descriptor = opened
      expected = size
    case nil:
      let file = displayPath(name)
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
      var status = stat()
      guard fstat(descriptor, &status) == 0 else {
        _ = close(descriptor)
        return .failure(.unreadable(file: file))
      }
      guard (status.st_mode & S_IFMT) == S_IFREG else {
        _ = close(descriptor)
        return .failure(.notAFile(file: file, kind: "something other than a file"))
      }
      expected = Int(status.st_size)
    }
    defer { _ = close(descriptor) }
    if expected > sizeLimit {
      return .failure(.oversized(file: displayPath(name), bytes: expected, limit: sizeLimit))
    }
    switch Self.readToEnd(descriptor, expected: expected, limit: sizeLimit) {
    case .success(let bytes): return .success(bytes)
    case .failure(.oversized(let count)):
      return .failure(.oversized(file: displayPath(name), bytes: count, limit: sizeLimit))
    case .failure(.unreadable): return .failure(.unreadable(file: displayPath(name)))
    }
  }

  /// Why a read stopped short.
  enum ReadFailure: Error {
    case unreadable
    /// The file grew past the limit while it was read (`count` bytes so far).
    case oversized(count: Int)
  }

  /// Everything `descriptor` holds, read into a buffer made for the `expected` size and one byte
  /// more, never zero-filled first. A regular file still of that size is read in one `read`: a
  /// read that returns less than it was asked for has met the end. A file that changed meanwhile
  /// is read on to its end (up to `limit`).
  static func readToEnd(_ descriptor: Int32, expected: Int, limit: Int) -> Result<[UInt8], ReadFailure> {
    var failed = false
    var filled = false
    var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, initialized in
      var count = 0
      while count < buffer.count {
        let asked = buffer.count - count
        let got = read(descriptor, buffer.baseAddress.map { $0 + count }, asked)
        if got < 0 {
          if errno == EINTR { continue }
          failed = true
          break
        }
        if got == 0 { break }
        count += got
        if got < asked, count == expected { break }
      }
      filled = count == buffer.count
      initialized = count
    }
    if failed { return .failure(.unreadable) }
    // The file grew while it was read: on to its end.
    while filled {
      if bytes.count > limit { return .failure(.oversized(count: bytes.count)) }
      var chunk = [UInt8](repeating: 0, count: max(4_096, bytes.count))
      var got = 0
      repeat {
        got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      } while got < 0 && errno == EINTR
      if got < 0 { return .failure(.unreadable) }
      bytes.append(contentsOf: chunk[..<got])
      filled = got > 0
    }
    return .success(bytes)
  }

  /// Recording `name`, read once for everything a run does with it: lint, the taxonomy gate,
  /// replay and `explain`.
  /// `looked`: the dispatch order's look at it, when it made one (``bytes(of:looked:)``).
  func load(_ name: String, looked: Look? = nil) -> Result<FixtureDocument, FixtureLoadError> {
    switch bytes(of: name, looked: looked) {
    case .success(let read): return inspect(read, name: name)
    case .failure(let error): return .failure(error)
    }
  }

  /// Recording `name` from bytes already read: the canonical fast path when the bytes prove
  /// canonical, else the parser. Everything after the file system, so the fuzz target drives
  /// exactly what `load` does with a file's bytes.
  func inspect(_ bytes: [UInt8], name: String) -> Result<FixtureDocument, FixtureLoadError> {
    // Built in place: the reader writes into the document this returns.
    var document = FixtureDocument(reading: name)
    guard PrettyFixtureReader.read(bytes, into: &document) else { return parse(bytes, name: name) }
    document.file = displayPath(name)
    document.bytes = bytes
    return .success(document.taken())
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
