import XCTest

@testable import DuetVerify

/// How a generated test calls a reducer, read from the manifest's feature row.
final class ReducerCallTests: XCTestCase {
  func splash(
    swift: String? = "Sources/FoyerFeatures/Splash/SplashFeature.swift", state: String? = "SplashState",
    action: String? = "SplashAction", payload: String? = "SplashEffectPayload"
  ) -> ManifestFeature {
    ManifestFeature(
      name: "splash", line: 4, swift: swift.map { ManifestEntry(name: $0, line: 5) },
      state: state.map { ManifestEntry(name: $0, line: 6) }, action: action.map { ManifestEntry(name: $0, line: 7) },
      effectPayload: payload.map { ManifestEntry(name: $0, line: 8) })
  }

  func testTypesModuleAndReducerComeFromTheManifestRow() throws {
    let call = try ReducerCall.resolve(splash(), manifest: "manifest.yaml", module: nil, reducer: nil)
    XCTAssertEqual(call.module, "FoyerFeatures")
    XCTAssertEqual(
      [call.state, call.action, call.effectPayload], ["SplashState", "SplashAction", "SplashEffectPayload"])
    XCTAssertEqual(call.reducer, "splashReducer")
    XCTAssertTrue(call.reducerDerived)
  }

  func testReducerFollowsDuetNamingForMultiWordStates() throws {
    XCTAssertEqual(try ReducerCall.derivedReducer("editname", state: "EditNameState"), "editNameReducer")
    XCTAssertEqual(try ReducerCall.derivedReducer("editname", state: "EditName.EditNameState"), "editNameReducer")
  }

  func testMissingTypeNamesNameTheKeysToAdd() {
    XCTAssertThrowsError(
      try ReducerCall.resolve(splash(state: nil, payload: nil), manifest: "manifest.yaml", module: nil, reducer: nil)
    ) { error in
      XCTAssertEqual(
        (error as? MaterializeError)?.description,
        "duet-verify materialize: feature 'splash' (manifest.yaml:4) does not name the types its reducer takes, so "
          + "the test cannot call it; add `state: <StateType>`, `effectPayload: <EffectPayloadType>` under it "
          + "(the Swift type names, e.g. state: SplashState).")
    }
  }

  func testModuleComesFromTheFolderAfterTheLastSources() throws {
    let nested = splash(swift: "src-ios/Subtrees/Splash/Sources/Splash-Feature/SplashFeature.swift")
    XCTAssertEqual(try ReducerCall.resolve(nested, manifest: "m", module: nil, reducer: nil).module, "Splash_Feature")
  }

  func testNoSwiftPathUnderSourcesAsksForTheModuleOption() {
    XCTAssertThrowsError(
      try ReducerCall.resolve(splash(swift: "Splash.swift"), manifest: "manifest.yaml", module: nil, reducer: nil)
    ) { error in
      XCTAssertEqual(
        (error as? MaterializeError)?.description,
        "duet-verify materialize: no module to import for feature 'splash' (manifest.yaml:4): its swift: path "
          + "'Splash.swift' is not under Sources/<Module>/. Add a swift: path like Sources/<Module>/<Feature>.swift, "
          + "or pass --module <Module>.")
    }
  }

  func testModuleAndReducerOptionsWin() throws {
    let call = try ReducerCall.resolve(
      splash(swift: nil), manifest: "m", module: "MyApp", reducer: "splashFeature.reduce")
    XCTAssertEqual(call.module, "MyApp")
    XCTAssertEqual(call.reducer, "splashFeature.reduce")
    XCTAssertFalse(call.reducerDerived)
  }

  func testAStateNotEndingInStateNeedsTheReducerOption() {
    XCTAssertThrowsError(
      try ReducerCall.resolve(splash(state: "Splash"), manifest: "m", module: nil, reducer: nil)
    ) { error in
      XCTAssertEqual(error as? MaterializeError, .noReducerName(feature: "splash", state: "Splash"))
    }
  }

  func testATypeNameThatIsNotSwiftIsRefusedWithItsLine() {
    XCTAssertThrowsError(
      try ReducerCall.resolve(splash(action: "A) {}; func x("), manifest: "manifest.yaml", module: nil, reducer: nil)
    ) { error in
      XCTAssertEqual(
        error as? MaterializeError, .notASwiftName("A) {}; func x(", key: "action", at: "manifest.yaml:7"))
    }
    XCTAssertThrowsError(try ReducerCall.resolve(splash(), manifest: "m", module: "Foyer Features", reducer: nil))
    XCTAssertThrowsError(try ReducerCall.resolve(splash(), manifest: "m", module: nil, reducer: "a(b)"))
  }
}
