/// A command line read against the option table: the verb, each option's values in the order
/// given, and the operands (arguments that are not options).
///
/// `--opt value` and `--opt=value` both work; `--` ends the options; a repeatable option
/// accumulates; a single-valued one given twice, an option of another verb, a value of the wrong
/// kind or a stray argument is a `CommandLineError`, never ignored.
struct ParsedArguments: Equatable, Sendable {
  /// What the command line asks for.
  enum Request: Equatable, Sendable {
    /// Run the verb.
    case run(ParsedArguments)
    /// Print help: the overview (`nil`) or one verb's.
    case help(Verb?)
    /// Print the version.
    case version
  }

  var verb: Verb
  /// Each option given, with its values in command-line order (switches hold one empty value).
  var values: [Option: [String]] = [:]
  /// The arguments that are not options, in order.
  var operands: [String] = []

  /// Reads `arguments` (the process arguments after the program name).
  static func parse(_ arguments: [String]) throws(CommandLineError) -> Request {
    var rest = arguments[...]
    var verb = Verb.defaultVerb
    if let first = rest.first {
      if first == Option.help.rawValue || Option.shortNames[first] == .help { return .help(nil) }
      if first == Option.version.rawValue { return .version }
      if !first.hasPrefix("-") {
        guard let named = Verb(rawValue: first) else { throw .unknownVerb(first) }
        verb = named
        rest = rest.dropFirst()
      }
    }
    let parsed = try read(rest, for: verb)
    if parsed.given(.help) { return .help(verb == .help ? nil : verb) }
    if parsed.given(.version) || verb == .version { return .version }
    if verb == .help {
      guard let topic = parsed.operands.first else { return .help(nil) }
      guard let named = Verb(rawValue: topic) else { throw .unknownHelpTopic(topic) }
      return .help(named)
    }
    return .run(parsed)
  }

  /// Reads the options and operands of `verb`, then checks the table's combination rules.
  static func read(_ arguments: ArraySlice<String>, for verb: Verb) throws(CommandLineError) -> ParsedArguments {
    var parsed = ParsedArguments(verb: verb)
    var index = arguments.startIndex
    var optionsEnded = false
    var firstError: CommandLineError?
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        parsed.operands.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let (name, inline) = split(argument)
      guard let option = Option(rawValue: name) ?? Option.shortNames[name] else {
        firstError = firstError ?? .unknownOption(verb, name)
        continue
      }
      guard option.row.verbs.contains(verb) else {
        firstError = firstError ?? .notTakenBy(verb, option)
        continue
      }
      var value = ""
      if option.row.value == .none {
        if inline != nil { firstError = firstError ?? .unexpectedValue(verb, option) }
      } else if let inline {
        value = inline
      } else if index < arguments.endIndex, !arguments[index].hasPrefix("--") {
        value = arguments[index]
        index += 1
      } else {
        firstError = firstError ?? .missingValue(verb, option)
        continue
      }
      if option.row.value != .none, !option.row.value.accepts(value) {
        firstError = firstError ?? .badValue(verb, option, value)
      }
      if option.row.repeatableOn.contains(verb), parsed.values[option]?.contains(value) == true {
        // One value per lane (`verify --runner`): the same runner twice is a slip, not a second lane.
        firstError = firstError ?? .repeatedValue(verb, option, value)
      }
      if let earlier = parsed.values[option]?.first, !option.row.repeats(on: verb) {
        let hasValues = option.row.value != .none
        firstError =
          firstError ?? .givenTwice(verb, option, first: hasValues ? earlier : nil, second: hasValues ? value : nil)
      }
      parsed.values[option, default: []].append(value)
    }
    // `--help` wins over any other mistake on the line: asking for help always gets it.
    if parsed.given(.help) || parsed.given(.version) { return parsed }
    if let firstError { throw firstError }
    try parsed.checkCombinations(arguments)
    return parsed
  }

  /// `--name=value` → (`--name`, `value`); anything else → (itself, nil).
  static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// The table's exclusions and requirements, and the verb's operand count.
  func checkCombinations(_ arguments: ArraySlice<String>) throws(CommandLineError) {
    for exclusion in Option.exclusions where exclusion.verb == verb {
      let (one, other) = exclusion.options
      guard given(one), given(other) else { continue }
      let order = arguments.firstIndex { Self.split($0).name == one.rawValue } ?? 0
      let otherOrder = arguments.firstIndex { Self.split($0).name == other.rawValue } ?? 0
      let (first, second) = order <= otherOrder ? (one, other) : (other, one)
      throw .conflicting(verb, first, second, advice: exclusion.advice)
    }
    for requirement in Option.requirements where requirement.verb == verb {
      if given(requirement.option) && !given(requirement.needs) {
        throw .needs(verb, requirement.option, requirement.needs, advice: requirement.advice)
      }
    }
    let most = verb.operands?.most ?? 0
    if operands.count > most { throw .unexpectedArgument(verb, operands[most]) }
  }

  /// True when `option` was given.
  func given(_ option: Option) -> Bool { values[option] != nil }

  /// The value of a single-valued option.
  func value(_ option: Option) -> String? { values[option]?.first }

  /// Every value of a repeatable option, in order, duplicates removed.
  func all(_ option: Option) -> [String] {
    var seen: Set<String> = []
    return (values[option] ?? []).filter { seen.insert($0).inserted }
  }
}
