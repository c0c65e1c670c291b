// libFuzzer target: the JSON parser and both canonical writers.
// Properties: never crash; parse → write → parse → write is a fixed point; pretty and compact agree.
import DuetCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let tree = try? JSONParser().parse(bytes) else { return 0 }
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
