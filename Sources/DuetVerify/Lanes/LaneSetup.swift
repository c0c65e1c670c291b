import DuetRunner

/// Turns the runners a command line names into the run's lanes: each `--runner` is started once
/// to read the platform its handshake announces, which names its lane; the manifest's
/// `replayRunner` package is the `swift` lane unless a `--runner` claims `swift`; `--lane NAME`
/// keeps one. A lone runner is one lane, started only by the run itself.
///
/// Every verb that runs a runner (verify, record, explain) gets its runners here, as `[Lane]`, so
/// the verbs cannot drift apart.
enum LaneSetup {
  enum Outcome {
    /// The lanes, in order: the manifest's first, then the `--runner`s as given.
    case ready([Lane])
    /// Stop with this exit code (the reason is printed).
    case stop(ExitCode)
  }

  /// The lanes of this run, or the exit code after the reason was printed.
  static func choose(_ options: ParsedArguments, manifest: Manifest, context: CommandContext, verb: Verb)
    -> Outcome
  {
    let given = options.runners
    let wanted = options.lane
    let output = context.output
    var lanes: [Lane] = []
    do {
      if wanted == nil, given.count == 1 ? manifest.replayRunner == nil : given.isEmpty {
        guard let runner = given.first else {
          return .ready([
            Lane(platform: nil, runner: try RunnerSetup.built(options, manifest: manifest, context: context))
          ])
        }
        let choice = try RunnerSetup.given(runner, options, manifest: manifest, context: context)
        return .ready([Lane(platform: nil, runner: choice, given: runner)])
      }
      for runner in given {
        let choice = try RunnerSetup.given(runner, options, manifest: manifest, context: context)
        let platform: String
        switch probe(choice) {
        case .success(let named?) where !named.isEmpty:
          platform = named
        case .success:
          output.diagnostic(
            Program.prefix(verb.rawValue)
              + "the runner '\(runner.printable)' names no platform in its handshake, so it "
              + "cannot be a lane. Have its handshake say \"platform\" (swift, kotlin…), or give only this runner.")
          return .stop(.usage)
        case .failure(let error):
          // A single runner that does not start fails the run as it always did, with its own error.
          if given.count == 1, wanted == nil { return .ready([Lane(platform: nil, runner: choice, given: runner)]) }
          output.diagnostic(
            Program.prefix(verb.rawValue) + "the runner '\(runner.printable)' did not start, so its lane cannot be "
              + "named: " + PrintableText.escaped(error.description, keepingNewlines: true))
          return .stop(.failed)
        }
        guard Self.isLaneName(platform) else {
          output.diagnostic(
            Program.prefix(verb.rawValue)
              + "the runner '\(runner.printable)' announces platform '\(platform.printable)', "
              + "which cannot name a lane (its report folder): use letters, digits, '.', '-' and '_' only.")
          return .stop(.usage)
        }
        if let earlier = lanes.first(where: { $0.platform == platform }) {
          output.diagnostic(
            Program.prefix(verb.rawValue) + "two runners announce platform '\(platform.printable)' "
              + "('\((earlier.given ?? "").printable)' and '\(runner.printable)'), and each platform is one lane. "
              + "Give one --runner per platform.")
          return .stop(.usage)
        }
        lanes.append(Lane(platform: platform, runner: choice, given: runner))
      }
      let claimsSwift = lanes.contains { $0.platform == Self.manifestPlatform }
      if !claimsSwift, manifest.replayRunner != nil || given.isEmpty, wanted == nil || wanted == Self.manifestPlatform {
        let built = try RunnerSetup.built(options, manifest: manifest, context: context)
        lanes.insert(Lane(platform: Self.manifestPlatform, runner: built, given: nil), at: 0)
      }
    } catch {
      return .stop(RunnerSetup.stop(error, output: output))
    }
    guard let wanted else { return .ready(lanes) }
    guard let lane = lanes.first(where: { $0.platform == wanted }) else {
      let platforms = lanes.compactMap(\.platform)
      output.diagnostic(
        Program.prefix(verb.rawValue) + "there is no lane '\(wanted.printable)': the runners announce "
          + (platforms.isEmpty ? "no platform" : platforms.map { "'\($0.printable)'" }.joined(separator: ", "))
          + ". Pick one of them with --lane NAME, or add its runner with --runner CMD."
          + Suggestion.hint(for: wanted, among: platforms))
      return .stop(.usage)
    }
    return .ready([lane])
  }

  /// The platform the manifest's `replayRunner` package stands for.
  static let manifestPlatform = "swift"

  /// True for a platform that can name a lane and its `.runs/verify/lanes/<platform>/` folder.
  static func isLaneName(_ name: String) -> Bool {
    name != "." && name != ".." && name.utf8.count <= 64
      && name.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
      }
  }

  /// Starts one runner and reads the platform its handshake announces.
  static func probe(_ choice: RunnerSetup.Choice) -> Result<String?, RunnerStartError> {
    do throws(RunnerStartError) {
      let connection = try choice.launcher.launch()
      let platform = connection.handshake.platform
      try? connection.close()
      return .success(platform)
    } catch {
      return .failure(error)
    }
  }
}
