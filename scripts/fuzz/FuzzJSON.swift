// libFuzzer target: the JSON parser, both canonical writers and the tree-free pretty reader.
// Properties: never crash; parse → write → parse → write is a fixed point; pretty and compact agree;
// CanonicalPrettyDocument accepts only text that is its own pretty re-emission, and its compact
// text is the compact writer's.
import DuetCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let document = CanonicalPrettyDocument(validating: Array(bytes))
  guard let tree = try? JSONParser().parse(bytes) else {
    if document != nil { fatalError("the pretty reader accepted text the parser refuses") }
    return 0
  }
  if let document {
    guard let pretty = try? CanonicalWriter.pretty(tree), Array(pretty.utf8) == Array(bytes),
      let compact = try? CanonicalWriter.compact(tree), document.compactText == Array(compact.utf8)
    else {
      fatalError("the pretty reader accepted text that is not its own canonical re-emission")
    }
  }
  guard let compact = try? CanonicalWriter.compact(tree) else { return 0 }
  guard let again = try? JSONParser().parse(compact) else {
    fatalError("the compact form does not re-parse: \(compact)")
  }
  guard (try? CanonicalWriter.compact(again)) == compact else {
    fatalError("compact form is not a fixed point: \(compact)")
  }
  guard let pretty = try? CanonicalWriter.pretty(tree), let prettyTree = try? JSONParser().parse(pretty),
    (try? CanonicalWriter.compact(prettyTree)) == compact, (try? CanonicalWriter.pretty(prettyTree)) == pretty
  else {
    fatalError("pretty form disagrees with compact form: \(compact)")
  }
  _ = FirstDivergence.between(tree, again, root: "x").map {
    fatalError("a tree diverges from its re-parse at \($0.path)")
  }
  return 0
}
