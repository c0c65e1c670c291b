import DuetCore
import Foundation

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
        output.diagnostic(
          "\(Program.name) canonical: standard input passed the \(limit >> 20) MiB limit (the largest recording the "
            + "verifier reads), so it was not read. Give it a smaller document.")
        return .failed
      }
      data = read
    } else {
      switch FileInspection.inspect(URL(fileURLWithPath: name)) {
      case .regular(let size, _) where size > limit:
        output.diagnostic(
          "\(Program.name) canonical: '\(name)' is \(size >> 20) MiB, over the \(limit >> 20) MiB limit (the largest "
            + "recording the verifier reads), so it was not read.")
        return .failed
      case .notAFile(let kind):
        output.diagnostic("\(Program.name) canonical: '\(name)' is \(kind), not a JSON file, so it was not read.")
        return .failed
      default: break
      }
      guard let contents = FileManager.default.contents(atPath: name) else {
        output.diagnostic(
          "\(Program.name) canonical: cannot read '\(name)'. Check the path and that the file is readable.")
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
      guard let chunk = try? FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty else { return data }
      data.append(chunk)
      if data.count > limit { return nil }
    }
  }
}
