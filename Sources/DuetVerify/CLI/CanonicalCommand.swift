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
    if name == "<stdin>" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      guard let contents = FileManager.default.contents(atPath: name) else {
        output.diagnostic("duet-verify canonical: cannot read '\(name)'. Check the path and that the file is readable.")
        return .failed
      }
      data = contents
    }
    do {
      let tree = try JSONParser().parse(data)
      output.write(pretty ? try CanonicalWriter.pretty(tree) : try CanonicalWriter.compact(tree) + "\n")
      return .passed
    } catch let error as JSONParseError {
      output.diagnostic("\(name):\(error.description)")
      return .failed
    } catch {
      output.diagnostic("\(name): \(error)")
      return .failed
    }
  }
}
