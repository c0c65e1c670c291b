import DuetCore

/// The one writer of `.runs/` result files: `summary.json` (every recording's result and the run's
/// summary, a ``RunsSummary``) and `fixtures/<name>.json` (a failing recording's full result).
///
/// Both are the canonical pretty encoding of their value, so they are stable, diffable and read by
/// any JSON tool. The summary's list grows with the corpus, and through `Codable` each entry cost
/// several thousand instructions (a box and a coding path per field), so the list is written
/// straight into bytes, and the run's summary, whose size does not grow with the corpus, goes
/// through the encoder; a test holds the whole file to the encoder's own bytes.
enum RunsResultWriter {
  /// The bytes of `summary.json` for `record`, with `results` (the run's or one lane's).
  static func summary(_ record: RunRecord, results: [RecordingOutcome]) throws -> [UInt8] {
    var shell = record
    shell.names = []
    // A passing run's usual record is written directly; any other goes through the encoder.
    let run = isPlain(shell) ? nil : try CanonicalEncoder().pretty(shell)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(results.count * 128 + (run?.utf8.count ?? 1_024) * 9 / 8 + 64)
    put("{\n  \"results\": [", into: &bytes)
    for (index, result) in results.enumerated() {
      put(index == 0 ? "\n    {\n      \"durationMillis\": " : ",\n    {\n      \"durationMillis\": ", into: &bytes)
      put(number: result.durationMillis, into: &bytes)
      put(",\n      \"name\": ", into: &bytes)
      put(quoted: result.name, into: &bytes)
      put(
        result.passed
          ? ",\n      \"passed\": true,\n      \"steps\": " : ",\n      \"passed\": false,\n      \"steps\": ",
        into: &bytes)
      put(number: result.steps, into: &bytes)
      put("\n    }", into: &bytes)
    }
    put(results.isEmpty ? "],\n  \"run\": " : "\n  ],\n  \"run\": ", into: &bytes)
    guard let run else {
      putPlain(shell, into: &bytes)
      put("\n}\n", into: &bytes)
      return bytes
    }
    // The run's summary one level deeper: two more spaces after each line break but its last.
    var text = Substring(run)
    if text.hasSuffix("\n") { text = text.dropLast() }
    for byte in text.utf8 {
      bytes.append(byte)
      if byte == UInt8(ascii: "\n") { put("  ", into: &bytes) }
    }
    put("\n}\n", into: &bytes)
    return bytes
  }

  /// True when `record` holds only what ``putPlain(_:into:)`` writes: no lint problem, taxonomy
  /// finding or runner failure, one lane. The encoder's first use in a run costs several million
  /// instructions (the runtime's first conformance look-ups for the record's types), a fixed cost
  /// that was a sixth of a 1,000-recording run's (docs/performance.md).
  static func isPlain(_ record: RunRecord) -> Bool {
    record.lint.isEmpty && record.taxonomy.isEmpty && record.runnerFailures.isEmpty && record.names.isEmpty
      && record.lanes == nil && record.parityBreaks == nil
  }

  /// `record` (``isPlain(_:)``) as the canonical pretty encoding writes it one level deep, keys in
  /// canonical order; `RunsResultWriterTests` hold it to the encoder's bytes.
  static func putPlain(_ record: RunRecord, into bytes: inout [UInt8]) {
    var run = PrettyMembers(depth: 2, into: &bytes)
    run.string("corpus", record.corpus, into: &bytes)
    run.number("durationMillis", record.durationMillis, into: &bytes)
    run.strings("failed", record.failed, into: &bytes)
    run.number("fixtures", record.fixtures, into: &bytes)
    run.strings("flags", record.flags, into: &bytes)
    for empty: StaticString in ["lint", "names"] { run.strings(empty, [], into: &bytes) }
    run.number("passed", record.passed, into: &bytes)
    if let runner = record.runner {
      run.key("runner", into: &bytes)
      var identity = PrettyMembers(depth: 3, into: &bytes)
      identity.number("buildMillis", runner.buildMillis, into: &bytes)
      identity.string("buildReason", runner.buildReason, into: &bytes)
      identity.string("path", runner.path, into: &bytes)
      identity.string("platform", runner.platform, into: &bytes)
      if let upToDate = runner.upToDate {
        identity.key("upToDate", into: &bytes)
        put(upToDate ? "true" : "false", into: &bytes)
      }
      identity.close(into: &bytes)
    }
    run.strings("runnerFailures", [], into: &bytes)
    run.number("runners", record.runners, into: &bytes)
    run.string("shard", record.shard, into: &bytes)
    run.string("shardSource", record.shardSource, into: &bytes)
    run.number("steps", record.steps, into: &bytes)
    run.strings("taxonomy", [], into: &bytes)
    run.string("verdict", record.verdict.rawValue, into: &bytes)
    run.close(into: &bytes)
  }

  /// The members of one object as the pretty writer lays them out at `depth` (two spaces a level),
  /// written in the order given (the caller's is canonical); a `nil` value leaves its member out.
  private struct PrettyMembers {
    let depth: Int
    private var first = true

    /// Opens the object.
    init(depth: Int, into bytes: inout [UInt8]) {
      self.depth = depth
      bytes.append(UInt8(ascii: "{"))
    }

    mutating func key(_ name: StaticString, into bytes: inout [UInt8]) {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      RunsResultWriter.newline(depth: depth, into: &bytes)
      bytes.append(UInt8(ascii: "\""))
      RunsResultWriter.put(name, into: &bytes)
      RunsResultWriter.put("\": ", into: &bytes)
    }

    mutating func string(_ name: StaticString, _ value: String?, into bytes: inout [UInt8]) {
      guard let value else { return }
      key(name, into: &bytes)
      RunsResultWriter.put(quoted: value, into: &bytes)
    }

    mutating func number(_ name: StaticString, _ value: Int?, into bytes: inout [UInt8]) {
      guard let value else { return }
      key(name, into: &bytes)
      RunsResultWriter.put(number: value, into: &bytes)
    }

    mutating func strings(_ name: StaticString, _ list: [String]?, into bytes: inout [UInt8]) {
      guard let list else { return }
      key(name, into: &bytes)
      guard !list.isEmpty else { return RunsResultWriter.put("[]", into: &bytes) }
      for (index, text) in list.enumerated() {
        bytes.append(index == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
        RunsResultWriter.newline(depth: depth + 1, into: &bytes)
        RunsResultWriter.put(quoted: text, into: &bytes)
      }
      RunsResultWriter.newline(depth: depth, into: &bytes)
      bytes.append(UInt8(ascii: "]"))
    }

    /// Closes the object.
    func close(into bytes: inout [UInt8]) {
      RunsResultWriter.newline(depth: depth - 1, into: &bytes)
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// A line break and the indentation of `depth`.
  private static func newline(depth: Int, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
  }

  /// The bytes of `fixtures/<name>.json` for a failing recording: its whole result.
  static func failure(_ result: FixtureResult) throws -> [UInt8] {
    Array(try CanonicalEncoder().pretty(result).utf8)
  }

  private static func put(_ text: StaticString, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// The decimal digits of `number`: one or two digits (a step count, most durations) written
  /// directly, anything longer through its description.
  private static func put(number: Int, into bytes: inout [UInt8]) {
    switch number {
    case 0..<10:
      bytes.append(UInt8(ascii: "0") + UInt8(number))
    case 10..<100:
      bytes.append(UInt8(ascii: "0") + UInt8(number / 10))
      bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
    default:
      bytes.append(contentsOf: String(number).utf8)
    }
  }

  /// A string as the dialect quotes it: printable ASCII with no quote or backslash, and not an
  /// upper-case UUID (which the dialect lower-cases), is copied between quotes; anything else goes
  /// through the canonical writer.
  private static func put(quoted text: String, into bytes: inout [UInt8]) {
    var text = text
    let plain = text.withUTF8 { utf8 in
      var found: UInt8 = 0
      for byte in utf8 { found |= kinds[Int(byte)] }
      // Only a UUID-shaped string (36 bytes) is case-folded, so only then do capitals count.
      return found & escapedKind == 0 && (found & upperKind == 0 || utf8.count != 36)
    }
    guard plain else { return CanonicalWriter.appendQuoted(text, to: &bytes) }
    bytes.append(UInt8(ascii: "\""))
    text.withUTF8 { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
  }

  /// What each byte is to the check above: `escapedKind` for what the dialect escapes (controls,
  /// `"`, `\\`) or what is not plain ASCII, `upperKind` for a capital letter.
  private static let kinds: [UInt8] = (0...255).map { byte in
    if byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return escapedKind }
    return byte >= 0x41 && byte <= 0x5A ? upperKind : 0
  }
  private static let escapedKind: UInt8 = 1
  private static let upperKind: UInt8 = 2
}
