import Foundation

/// The flags shared by the verbs (cli.md), parsed strictly: an unknown flag or a bad value is a
/// usage error (exit 2) with a sentence, never ignored.
struct CommonOptions: Equatable {
  var manifest: String?
  var runner: String?
  var feature: String?
  var jobs: Int?
  var timeout: Double?
  var shard: Shard?
  var json = false
  var junit: String?
  var quiet = false
  var noColor = false
  /// Arguments that are not flags (`explain`'s fixture).
  var positional: [String] = []

  static let valueFlags = ["--manifest", "--runner", "--feature", "--jobs", "--timeout", "--shard", "--junit"]
  static let switches = ["--json", "--quiet", "--no-color"]

  /// Parses `arguments` for `verb`, accepting `--flag value` and `--flag=value`.
  static func parse(_ arguments: [String], verb: String, allowed: Set<String>) throws(UsageError) -> CommonOptions {
    var options = CommonOptions()
    var index = 0
    while index < arguments.count {
      var argument = arguments[index]
      index += 1
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        inlineValue = String(argument[argument.index(after: equals)...])
        argument = String(argument[..<equals])
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        options.positional.append(argument)
        continue
      }
      guard allowed.contains(argument) else {
        let known = (valueFlags + switches).filter(allowed.contains)
        throw UsageError(
          "duet-verify \(verb): unknown option '\(argument)'." + Suggestion.hint(for: argument, among: known)
            + " Run `duet-verify help \(verb)` for its options.")
      }
      if switches.contains(argument) {
        if inlineValue != nil { throw UsageError("duet-verify \(verb): \(argument) takes no value.") }
        switch argument {
        case "--json": options.json = true
        case "--quiet": options.quiet = true
        default: options.noColor = true
        }
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else { throw UsageError("duet-verify \(verb): \(argument) needs a value.") }
        value = arguments[index]
        index += 1
      }
      try options.set(argument, value, verb: verb)
    }
    return options
  }

  mutating func set(_ flag: String, _ value: String, verb: String) throws(UsageError) {
    switch flag {
    case "--manifest": manifest = value
    case "--runner": runner = value
    case "--feature": feature = value
    case "--junit": junit = value
    case "--jobs":
      guard let number = Int(value), number >= 1, number <= 256 else {
        throw UsageError(
          "duet-verify \(verb): --jobs needs a whole number of runner processes from 1 to 256, not '\(value)'.")
      }
      jobs = number
    case "--timeout":
      guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
        throw UsageError("duet-verify \(verb): --timeout needs a positive number of seconds, not '\(value)'.")
      }
      timeout = seconds
    case "--shard":
      guard let parsed = Shard.parse(value) else {
        throw UsageError(
          "duet-verify \(verb): --shard needs K/N with 1 ≤ K ≤ N (e.g. --shard 2/4), not '\(value)'.")
      }
      shard = parsed
    default: break
    }
  }
}

/// A usage error: the sentence printed before exiting 2.
struct UsageError: Error, Equatable {
  var message: String
  init(_ message: String) { self.message = message }
}
