import DuetCore
import DuetPlatform

/// Measured replay durations per recording, the cost `--timings FILE` balances shares by.
///
/// Written by `verify --write-timings FILE` (or by `merge`, for a whole sharded run) as
/// `{"durationsMillis":{"<recording>":<ms>,…}}`, canonical, so it can be committed or cached
/// between CI runs. A recording the file does not know (added since) is costed by its size at the
/// file's average milliseconds per byte, so one new recording never skews a split.
struct Timings: Codable, Equatable, Sendable {
  /// Milliseconds each recording took to replay (the slowest lane's, when a run had several).
  var durationsMillis: [String: Int]

  /// Why a timings file could not be used; a usage error (exit 2). The program speaks its `message`.
  enum ReadError: Diagnostic, Equatable, Sendable {
    /// The file could not be read.
    case unreadable(path: String)
    /// The file is not a timings document.
    case malformed(path: String)

    var message: String {
      let write = Option.writeTimings.rawValue
      switch self {
      case .unreadable(let path):
        return "cannot read the timings file \(path). Write one with \(Program.name) verify \(write) \(path) (or "
          + "merge \(write)), or drop \(Option.timings.rawValue)."
      case .malformed(let path):
        return "\(path) is not a timings file (expected {\"durationsMillis\":{\"<recording>\":<ms>}}). Write it again "
          + "with \(Program.name) verify \(write) \(path)."
      }
    }
  }

  /// Reads the file at `url` (`shown` as the user gave it).
  static func read(_ url: URL, shown: String) throws(ReadError) -> Timings {
    guard let data = try? Data(contentsOf: url) else { throw .unreadable(path: shown) }
    guard let timings = try? JSONDecoder().decode(Timings.self, from: data) else { throw .malformed(path: shown) }
    return timings
  }

  /// These `durationsMillis`.
  init(durationsMillis: [String: Int]) { self.durationsMillis = durationsMillis }

  /// The durations `measured` (a recording measured on several lanes keeps its slowest).
  init(measured: [(name: String, millis: Int)]) {
    var durations: [String: Int] = [:]
    for (name, millis) in measured { durations[name] = max(durations[name] ?? 0, millis) }
    durationsMillis = durations
  }

  /// The file's text: canonical compact JSON and a newline.
  var rendered: String { ((try? CanonicalEncoder().compact(self)) ?? "{}") + "\n" }

  /// The cost of each recording: its measured milliseconds, or its `size` at this file's average
  /// milliseconds per byte when it was not measured. The size breaks ties between equal durations.
  func cost(size: @escaping (String) -> Int?) -> (String) -> Double {
    var knownMillis = 0.0
    var knownBytes = 0.0
    for (name, millis) in durationsMillis {
      guard let bytes = size(name) else { continue }
      knownMillis += Double(millis)
      knownBytes += Double(bytes)
    }
    let perByte = knownBytes > 0 && knownMillis > 0 ? knownMillis / knownBytes : 1
    let durations = durationsMillis
    return { name in
      let bytes = Double(size(name) ?? 0)
      guard let millis = durations[name] else { return bytes * perByte }
      return Double(millis) + bytes * 1e-9
    }
  }
}
