import DuetCore
import DuetPlatform

/// `duet-verify canonical [--pretty] [FILE|-]`: normalise hand-made JSON into the dialect.
///
/// Users reach for it when writing a fixture-shaped document by hand or comparing a runner's output;
/// scripts compare with it. Invalid input prints the parser's error (file:line:column, path).
enum CanonicalCommand {
  static func run(_ options: ParsedArguments, output: CommandOutput) -> ExitCode {
    let pretty = options.pretty
    let source = options.operands.first
    let name = (source == nil || source == "-") ? "<stdin>" : source!
    let data: Data
    let limit = FixtureStore.defaultSizeLimit
    if name == "<stdin>" {
      guard let read = standardInput(upTo: limit) else {
        output.diagnostic(CanonicalError.inputTooLarge(limit: limit).description)
        return .failed
      }
      data = read
    } else {
      switch FileInspection.inspect(URL(fileURLWithPath: name)) {
      case .regular(let size, _) where size > limit:
        output.diagnostic(CanonicalError.fileTooLarge(name, size: size, limit: limit).description)
        return .failed
      case .notAFile(let kind):
        output.diagnostic(CanonicalError.notAFile(name, kind: kind).description)
        return .failed
      default: break
      }
      guard let contents = FileManager.default.contents(atPath: name) else {
        output.diagnostic(CanonicalError.unreadable(name).description)
        return .failed
      }
      data = contents
    }
    do {
      let tree = try JSONParser().parse(data)
      output.exact(pretty ? try CanonicalWriter.pretty(tree) : try CanonicalWriter.compact(tree) + "\n")
      return .passed
    } catch let error as JSONParseError {
      output.diagnostic("\(name):\(error.description)")
      return .failed
    } catch {
      output.diagnostic("\(name): \(error)")
      return .failed
    }
  }

  /// Standard input to its end, or nil once it passes `limit` bytes (read no further: a stream that
  /// never ends, `/dev/zero` or a runaway producer, costs at most `limit` bytes of memory).
  static func standardInput(upTo limit: Int) -> Data? {
    var data = Data()
    while true {
      guard let chunk = SystemFile.read(0, upTo: 1 << 20), !chunk.isEmpty else { return data }
      data.append(contentsOf: chunk)
      if data.count > limit { return nil }
    }
  }
}
