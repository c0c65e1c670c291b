import DuetPlatform

/// `duet-verify materialize <recording>#<step>`: write the step as a self-contained XCTest that
/// runs the feature's reducer in-process, so a failing step becomes a test to set a breakpoint in.
///
/// Load (the manifest and one recording), plan (the step and its seed), resolve (how to call the
/// reducer), render, write. No runner is started.
enum MaterializeCommand {
  static func run(_ options: ParsedArguments, context: CommandContext) -> ExitCode {
    let output = context.output
    do throws(MaterializeError) {
      guard let target = options.operands.first else { throw .notAStep("") }
      let (name, step) = try parse(target)
      guard let location = context.manifestLocation(options) else { return .usage }
      let manifest = ManifestReader.load(location).manifest
      guard let listed = manifest.listedFixtures.first(where: { $0.name == name }) else {
        throw .notListed(
          name, manifest: location.displayName,
          suggestion: Suggestion.hint(for: name, among: manifest.listedFixtures.map(\.name)))
      }
      let loaded: FixtureDocument
      switch FixtureStore(location: location).load(name) {
      case .success(let fixture): loaded = fixture
      case .failure(let error):
        output.diagnostic(Program.prefix("materialize") + error.description)
        return .failed
      }
      let plan = try MaterializedStep.plan(loaded, file: loaded.file, owner: listed.owner, step: step)
      guard let feature = manifest.feature(named: plan.feature) else {
        throw .undeclaredFeature(plan.feature, recording: name, step: step, manifest: location.displayName)
      }
      let call = try ReducerCall.resolve(
        feature, manifest: location.displayName, module: options.module, reducer: options.reducer)
      let text = try MaterializedTestWriter.render(plan, call: call, manifest: location.displayName)
      guard let out = options.out else {
        output.write(text)
        return .passed
      }
      return write(text, out: out, plan: plan, context: context)
    } catch {
      output.diagnostic(error.description)
      return .usage
    }
  }

  /// `name#step` → its two parts.
  static func parse(_ target: String) throws(MaterializeError) -> (String, Int) {
    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty, let step = Int(parts[1]), step >= 0 else { throw .notAStep(target) }
    return (parts[0], step)
  }

  static func write(_ text: String, out: String, plan: MaterializedStep, context: CommandContext) -> ExitCode {
    let className = MaterializedTestWriter.className(plan.recording, step: plan.step.index)
    do throws(GeneratedTestFile.Refusal) {
      let path = try GeneratedTestFile.write(text, out: out, className: className, folder: context.folder)
      context.output.line(
        Program.prefix("materialize") + "wrote \(path); run it with swift test --filter \(className)")
      return .passed
    } catch {
      context.output.diagnostic(error.description)
      return .failed
    }
  }
}
