import DuetCore
import DuetReplay
import Foundation

/// The in-process limit: the verifier's per-step work (read and parse the fixture, decode state and
/// action, reduce, encode canonically, byte-compare) with no process boundary, on one thread.
///
/// The protocol lane can only approach this figure; the benchmark reports the lane as a ratio of it.
public enum BenchLimit {
  /// What one pass over a corpus measured.
  public struct Figures: Sendable {
    public var fixtures: Int
    public var steps: Int
    public var failures: Int
    public var seconds: Double
  }

  /// Replays every `*.fixture.json` in `folder` in-process.
  public static func run(fixturesFolder folder: URL) throws -> Figures {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".fixture.json") }.sorted()
    let parser = JSONParser()
    var figures = Figures(fixtures: 0, steps: 0, failures: 0, seconds: 0)
    let start = DispatchTime.now().uptimeNanoseconds
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      let document = try parser.parse(data)
      guard let initial = document["initialState"], let steps = document["steps"]?.arrayValue else { continue }
      figures.fixtures += 1
      let feature = document["feature"]?.stringValue ?? "bench"
      var stateText = try CanonicalWriter.compact(initial)
      for step in steps {
        figures.steps += 1
        // The runner's half: a state tree and an action tree arrive, canonical strings leave.
        let reply = try benchRegistry.reduce(
          feature: feature, state: try parser.parse(stateText), action: step["action"] ?? .null)
        stateText = reply.state
        let effectsText = reply.effects
        // The verifier's half: compare with the canonical expectation.
        let expectedState = try CanonicalWriter.compact(step["expectedState"] ?? .null)
        let expectedEffects = try CanonicalWriter.compact(step["expectedEffects"] ?? .null)
        if stateText != expectedState || effectsText != expectedEffects {
          figures.failures += 1
          break
        }
      }
    }
    figures.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return figures
  }
}
