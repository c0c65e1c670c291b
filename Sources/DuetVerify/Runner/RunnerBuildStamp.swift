import DuetCore
import DuetPlatform

/// What the build products of a runner package were compiled from, by content, kept in
/// `<package>/.build/duet-verify-runner.stamp`: every input's digest (RunnerFingerprint), the
/// digests of the executable and of the libraries beside it, and whether the last build can be
/// vouched for.
///
/// The build may be skipped only when the stamp vouches for its build, every input's content now
/// is the stamp's, and so are the executable's and the libraries' (by content, not by time: a file
/// given back its old modification time is still a changed file). The stamp also says, input by
/// input, which bytes the products reflect (`?` when unknown), so the next build can remove the
/// products of exactly the modules whose sources differ (RunnerRebuildPlan). It vouches for a
/// build only when that build succeeded, the fingerprint taken just before it equals the one taken
/// after it (nothing was added, removed or edited meanwhile), and nothing walked changed less than
/// `settle` before it began (file times are kept at the kernel's clock tick, so two edits in one
/// tick could read alike; git's "racily clean" problem).
struct RunnerBuildStamp {
  /// The stamp's state: whether it vouches for the products.
  enum Status: String, Sendable {
    /// The last build succeeded and its inputs held still: the products are the inputs' build.
    case trusted
    /// A build was under way (or was stopped): the entries say what the products may reflect.
    case building
    /// The last build failed.
    case failed
    /// The last build succeeded, but an input changed during it or just before it.
    case unsettled
  }

  /// A stamp as written: its status, its inputs and the outputs the build left.
  struct Record: Equatable, Sendable {
    var status: Status
    var inputs: [FingerprintEntry]
    var outputs: [FingerprintEntry]
  }

  /// The stamp file.
  var file: URL
  /// The executable the build makes.
  var executable: URL

  /// The stamp's first line (a new format never matches an old stamp).
  static let header = "duet-verify runner stamp 2"
  /// How long before the build began every input must have last changed, in nanoseconds.
  static let settle: Int64 = 1_000_000_000

  init(package: URL, executable: URL) {
    file = package.appendingPathComponent(".build/duet-verify-runner.stamp")
    self.executable = executable
  }

  /// The folder of the build products (the executable's).
  var products: String { executable.deletingLastPathComponent().path }

  /// The executable and the dynamic libraries in the products folder (the ones it loads from
  /// there), by content; nil when the executable cannot be read.
  func outputs() -> [FingerprintEntry]? {
    var walk = FileWalk()
    guard walk.add(file: executable.path, kind: "executable") else { return nil }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: products)) ?? []
    for name in names.sorted() where name.hasPrefix("lib") && (name.contains(".so") || name.hasSuffix(".dylib")) {
      guard walk.add(file: products + "/" + name, kind: "library") else { return nil }
    }
    return walk.entries
  }

  /// The stamp as written, or nil when there is none (or it is of another format).
  func read() -> Record? {
    guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
    let lines = [UInt8](data).split(separator: UInt8(ascii: "\n"))
    guard lines.count >= 2, lines[0].elementsEqual(Self.header.utf8),
      let status = Status(rawValue: String(decoding: lines[1].prefix { $0 != UInt8(ascii: " ") }, as: UTF8.self))
    else { return nil }
    var record = Record(status: status, inputs: [], outputs: [])
    for line in lines.dropFirst(2) {
      guard let entry = FingerprintEntry(line: line) else { return nil }
      if entry.kind == "executable" || entry.kind == "library" {
        record.outputs.append(entry)
      } else {
        record.inputs.append(entry)
      }
    }
    return record
  }

  /// True when the stamp vouches for a build of exactly `fingerprint`'s contents and the outputs
  /// are byte for byte the ones that build left.
  ///
  /// Only the stamp's first two lines are read: the second holds the digest of every entry's kind,
  /// name and content (an up-to-date verify would otherwise parse the whole stamp every time).
  func matches(_ fingerprint: RunnerFingerprint) -> Bool {
    guard let start = SystemFile.prefix(ofFileAt: file.path, upTo: 256), let outputs = outputs() else { return false }
    let expected = Self.header + "\n" + Status.trusted.rawValue + " " + Self.digest(fingerprint.entries, outputs) + "\n"
    return start.starts(with: expected.utf8)
  }

  /// The digest of the kinds, names and contents of `inputs` and `outputs`, in order.
  static func digest(_ inputs: [FingerprintEntry], _ outputs: [FingerprintEntry]) -> String {
    var text = ""
    for entry in inputs + outputs {
      text += entry.kind
      text += "\t"
      text += entry.content
      text += "\t"
      text += entry.name
      text += "\n"
    }
    return ContentHash.of(text)
  }

  /// True when both lists name the same things with the same contents, in the same order.
  static func sameContent(_ left: [FingerprintEntry], _ right: [FingerprintEntry]) -> Bool {
    left.count == right.count
      && zip(left, right).allSatisfy { $0.kind == $1.kind && $0.name == $1.name && $0.content == $1.content }
  }

  /// Writes `record`; false when it cannot (then it removes any stamp, which vouches for nothing).
  @discardableResult
  func write(_ record: Record) -> Bool {
    var text = Self.header + "\n" + record.status.rawValue + " " + Self.digest(record.inputs, record.outputs) + "\n"
    for entry in record.inputs + record.outputs { text += entry.line + "\n" }
    do {
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file, options: .atomic)
      return true
    } catch {
      remove()
      return false
    }
  }

  /// Removes the stamp.
  func remove() {
    unlink(file.path)
  }

  /// The record after a build that began at `started` (ns since the epoch) and `succeeded`, with
  /// `before` and `after` taken around it: an input that changed during the build or within
  /// `settle` before it is recorded as `?` (its module is compiled again next time), and the stamp
  /// vouches for the build only when none did.
  static func record(
    before: RunnerFingerprint?, after: RunnerFingerprint, started: Int64, succeeded: Bool, outputs: [FingerprintEntry]?
  ) -> Record {
    let earlier = Dictionary((before?.entries ?? []).map { ($0.kind + "\t" + $0.name, $0) }) { first, _ in first }
    var inputs: [FingerprintEntry] = []
    var settled = true
    for entry in after.entries {
      var kept = entry
      if earlier[entry.kind + "\t" + entry.name] != entry || entry.changed >= started - settle {
        kept.content = FingerprintEntry.unknown
        settled = false
      }
      inputs.append(kept)
    }
    if before?.entries.count != after.entries.count { settled = false }
    let status: Status = !succeeded ? .failed : settled && outputs != nil ? .trusted : .unsettled
    return Record(status: status, inputs: inputs, outputs: outputs ?? [])
  }

  /// The record written just before a build: the last record's inputs where `now` agrees with
  /// them (content and identity), `?` wherever it does not, so a build that is stopped half way
  /// leaves the modules it may have compiled from other bytes marked to be compiled again.
  static func building(last: Record?, now: RunnerFingerprint) -> Record {
    let earlier = Dictionary((last?.inputs ?? []).map { ($0.kind + "\t" + $0.name, $0) }) { first, _ in first }
    let inputs = now.entries.map { entry -> FingerprintEntry in
      var kept = entry
      let recorded = earlier[entry.kind + "\t" + entry.name]
      if recorded?.content != entry.content || recorded?.identity != entry.identity {
        kept.content = FingerprintEntry.unknown
      }
      return kept
    }
    return Record(status: .building, inputs: inputs, outputs: [])
  }

  /// The wall clock now, in nanoseconds since the epoch (the clock file times are kept in).
  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}
