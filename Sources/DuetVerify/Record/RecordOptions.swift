/// `record`'s command line: the common runner flags plus `--chain`, `--check` and `--write`.
///
/// Parsed as strictly as every verb: an unknown flag, a conflicting pair or a stray argument is a
/// usage error (exit 2) with a sentence.
struct RecordOptions: Equatable {
  var common: CommonOptions
  /// `--chain C`: record only this chain.
  var chain: String?
  /// `--check`: compare instead of writing.
  var check = false
  /// `--write`: with `--check`, apply the rewrite.
  var write = false

  static let commonFlags: Set<String> = [
    "--manifest", "--runner", "--feature", "--jobs", "--timeout", "--quiet", "--no-color",
  ]
  static let ownFlags = ["--chain", "--check", "--write"]

  /// The verb as reports name it.
  var verb: String { check ? "record --check" : "record" }

  static func parse(_ arguments: [String]) throws(UsageError) -> RecordOptions {
    var chain: String?
    var check = false
    var write = false
    var rest: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      let flag = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      switch flag {
      case "--check", "--write":
        guard flag == argument else { throw UsageError("duet-verify record: \(flag) takes no value.") }
        if flag == "--check" { check = true } else { write = true }
      case "--chain":
        if flag != argument {
          chain = String(argument.dropFirst(flag.count + 1))
        } else {
          guard index < arguments.count else { throw UsageError("duet-verify record: --chain needs a value.") }
          chain = arguments[index]
          index += 1
        }
      default:
        if argument.hasPrefix("-"), argument != "-", !commonFlags.contains(flag) {
          let known = commonFlags.sorted() + ownFlags
          throw UsageError(
            "duet-verify record: unknown option '\(flag)'." + Suggestion.hint(for: flag, among: known)
              + " Run `duet-verify help record` for its options.")
        }
        rest.append(argument)
      }
    }
    var options = RecordOptions(common: try CommonOptions.parse(rest, verb: "record", allowed: commonFlags))
    options.chain = chain
    options.check = check
    options.write = write
    if let extra = options.common.positional.first {
      throw UsageError(
        "duet-verify record: unexpected argument '\(extra)'. Scope it with --feature F or --chain C instead.")
    }
    if options.common.feature != nil && chain != nil {
      throw UsageError("duet-verify record: give --feature F or --chain C, not both.")
    }
    if write && !check {
      throw UsageError(
        "duet-verify record: --write applies what --check found; use it as record --check --write "
          + "(plain record already writes).")
    }
    return options
  }
}
