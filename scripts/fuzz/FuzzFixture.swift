// libFuzzer target: arbitrary bytes as a fixture file → load (parse + read into a document), then
// lint's per-file checks and a replay against a runner that answers exactly what was recorded.
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

  func reduce(feature: String, state: String, action: String) throws(RunnerFault) -> ReduceReply {
    guard !steps.isEmpty else { fatalError("replay sent more requests than the recording has steps") }
    let step = steps.removeFirst()
    let effects = (try? step.expectedEffects.text.get()) ?? "[]"
    let next = step.expectedState.flatMap { try? $0.text.get() } ?? state
    return .answer(state: next, effects: effects)
  }

  func stderrTail() -> [String] { [] }
  func close() {}
  func kill() {}
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
    let outcome = FixtureReplayer().replay(document, owner: owner, on: RecordedAnswers(document, serving: features))
    guard sendable(document) else { return }
    switch (document.kind, outcome.result.failure?.reason) {
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
