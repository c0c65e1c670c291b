// libFuzzer target: arbitrary bytes as a fixture file → load (parse + read into a document), then
// lint's per-file checks and verify's replay (ReplayJob) against a runner that answers exactly what was recorded.
// Properties: never crash; a loaded leaf recording whose values can go on the wire replays clean
// against that runner; a chain can only fail at its seam.
import DuetCore
import DuetRunner
import Foundation

@testable import DuetVerify

let location = ManifestLocation(file: URL(fileURLWithPath: "/duet-fuzz/manifest.yaml"))
let store = FixtureStore(location: location)
let linter = Linter(corpus: Corpus(manifest: Manifest(location: location), manifestProblems: [], store: store))

/// A runner that answers each request with the next recorded step's expectations.
final class RecordedAnswers: RunnerConnection {
  let handshake: RunnerHandshake
  var steps: [FixtureStep]

  init(_ document: FixtureDocument, serving features: [String]) {
    handshake = RunnerHandshake(features: features)
    steps = document.steps
  }

  func reduce(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>) throws(RunnerFault) -> [UInt8] {
    guard !steps.isEmpty else { fatalError("replay sent more requests than the recording has steps") }
    let step = steps.removeFirst()
    let effects = (try? step.expectedEffects.text.get()) ?? "[]"
    let next = step.expectedState.flatMap { try? $0.text.get() } ?? String(decoding: state, as: UTF8.self)
    // The reply line a runner writes: one compact canonical object.
    let reply = JSONValue.object(["effects": .string(effects), "state": .string(next)])
    return (try? CanonicalWriter.compactBytes(reply)) ?? []
  }

  func stderrTail() -> [String] { [] }
  func close() {}
  func kill() {}
}

/// The results a replay delivers (the fuzz target runs on one thread).
final class Delivered: @unchecked Sendable {
  var results: [FixtureResult] = []
  @Sendable func append(_ result: FixtureResult) { results.append(result) }
}

/// Whether every value replay puts on the wire has a canonical form.
func sendable(_ document: FixtureDocument) -> Bool {
  var values = document.steps.flatMap { [$0.action, $0.expectedEffects] + ($0.expectedState.map { [$0] } ?? []) }
  values += document.initialState.map { [$0] } ?? []
  values += document.initialStates.values
  return values.allSatisfy { (try? $0.text.get()) != nil }
}

func check(_ bytes: [UInt8], name: String, owner: String?) {
  // Both readers: the tree-free canonical one (via inspect) and the parser (via parse).
  if case .failure(let error) = store.parse(bytes, name: name) { _ = error.description }
  switch store.inspect(bytes, name: name) {
  case .failure(let error): _ = error.description
  case .success(let document):
    let listed = ListedFixture(name: name, line: 1, owner: owner)
    for problem in linter.fixtureProblems(document, listed: listed) { _ = problem.description }
    // The kind comes from the document's shape, not the name: a leaf listed nowhere is served as its feature.
    let features = document.kind == .chain ? document.nodes : [document.leafFeature(owner: owner)]
    // The replay verify runs: a ReplayJob judging the reply lines, driven on one connection.
    let delivered = Delivered()
    let job = ReplayJob(
      ReplayConversation(document: document, owner: owner), deliver: delivered.append,
      notRun: { ReplayConversation.emptyResult(document: document, owner: owner) })
    _ = RunnerPool.run(job, on: RecordedAnswers(document, serving: features))
    let results = delivered.results
    guard results.count == 1 else { fatalError("a replay delivered \(results.count) results for \(name)") }
    guard sendable(document) else { return }
    switch (document.kind, results[0].failure?.reason) {
    case (_, nil), (.chain, .seamBroken?): break
    case (_, let reason?):
      fatalError("a recording replayed against its own answers failed: \(reason) in \(name)")
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFixture(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  check(bytes, name: "fuzz.leaf", owner: "counter")
  check(bytes, name: "chain-fuzz", owner: nil)
  return 0
}
