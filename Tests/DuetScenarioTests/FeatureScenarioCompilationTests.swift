import DemoFeatures
import DuetCore
import DuetScenario
import XCTest

/// Feature scenarios → dialect-2 fixture documents, byte for byte.
final class FeatureScenarioCompilationTests: XCTestCase {
  func testBranchesExpandIntoOneFixturePerEndingWithPrefixedLabels() throws {
    let scenario = Scenario("endings", feature: counter, description: "Two endings.", filePath: testFile) {
      Given(CounterState(), line: 3)
      When("increment", .increment, line: 4)
      Branch("keeps counting", line: 5) {
        When("increment again", .increment, line: 6)
      }
      Branch("changes its mind", line: 8) {
        When("decrement", .decrement, line: 9)
      }
    }
    let fixtures = try scenario.compile(sourceRoot: testRoot)
    XCTAssertEqual(fixtures.map(\.name), ["endings.keeps-counting", "endings.changes-its-mind"])
    XCTAssertEqual(
      try CanonicalWriter.pretty(fixtures[1].document),
      """
      {
        "description": "Two endings.",
        "dialect": 2,
        "feature": "counter",
        "initialState": {
          "count": 0,
          "isAutoIncrementing": false
        },
        "scenario": {
          "branch": "changes-its-mind",
          "source": "Sources/App/Scenarios.swift"
        },
        "steps": [
          {
            "action": {
              "case": "increment"
            },
            "expectedEffects": [],
            "expectedState": {
              "count": 1,
              "isAutoIncrementing": false
            },
            "label": "increment",
            "line": 4
          },
          {
            "action": {
              "case": "decrement"
            },
            "expectedEffects": [],
            "expectedState": {
              "count": 0,
              "isAutoIncrementing": false
            },
            "label": "changes its mind › decrement",
            "line": 9
          }
        ]
      }

      """)
  }

  func testAScenarioWithoutBranchesIsOneFixtureNamedAfterItWithoutABranchKey() throws {
    let scenario = Scenario("straight", feature: counter, description: "d", filePath: testFile) {
      Given(CounterState(count: 5))
      When("toggle", .toggleAutoIncrement, line: 12)
    }
    let fixtures = try scenario.compile(sourceRoot: testRoot)
    XCTAssertEqual(fixtures.map(\.name), ["straight"])
    XCTAssertEqual(fixtures[0].document["scenario"], .object(["source": .string("Sources/App/Scenarios.swift")]))
    XCTAssertEqual(
      try CanonicalWriter.compact(XCTUnwrap(fixtures[0].document["steps"])),
      #"[{"action":{"case":"toggleAutoIncrement"},"expectedEffects":[{"id":"counter.ticker","kind":"run","payload":{"case":"startTicker"}}],"expectedState":{"count":5,"isAutoIncrementing":true},"label":"toggle","line":12}]"#
    )
  }

  func testContextLabelsPrefixStepLabelsButNotFixtureNames() throws {
    let scenario = Scenario("chapters", feature: counter, description: "d", filePath: testFile) {
      Given(CounterState())
      Context("by hand") {
        Context("upwards") {
          When("increment", .increment)
        }
        When("decrement", .decrement)
      }
      When("tick", .tick)
    }
    let fixtures = try scenario.compile(sourceRoot: testRoot)
    XCTAssertEqual(fixtures.map(\.name), ["chapters"])
    XCTAssertEqual(labels(fixtures[0]), ["by hand › upwards › increment", "by hand › decrement", "tick"])
  }

  func testNestedBranchesJoinTheirSlugsWithDots() throws {
    let scenario = Scenario("tree", feature: counter, description: "d", filePath: testFile) {
      Given(CounterState())
      Branch("up") {
        When("increment", .increment)
        Branch("Way up!") { When("increment", .increment) }
        Branch("back down") { When("decrement", .decrement) }
      }
      Branch("down") {
        When("decrement", .decrement)
      }
    }
    let fixtures = try scenario.compile(sourceRoot: testRoot)
    XCTAssertEqual(fixtures.map(\.name), ["tree.up.way-up", "tree.up.back-down", "tree.down"])
    XCTAssertEqual(
      fixtures.map { $0.document["scenario"]?["branch"]?.stringValue }, ["up.way-up", "up.back-down", "down"])
    XCTAssertEqual(labels(fixtures[0]), ["up › increment", "up › Way up! › increment"])
    XCTAssertEqual(fixtures[1].document["steps"]?.arrayValue?.last?["expectedState"]?["count"], .integer(0))
  }

  func testBranchesInsideAContextCarryTheContextLabel() throws {
    let scenario = Scenario("apply", feature: counter, description: "d", filePath: testFile) {
      Given(CounterState())
      When("start", .increment)
      Context("delegates") {
        Branch("apply") { When("applied", .increment) }
        Branch("cancel") { When("cancelled", .decrement) }
      }
    }
    let fixtures = try scenario.compile(sourceRoot: testRoot)
    XCTAssertEqual(fixtures.map(\.name), ["apply.apply", "apply.cancel"])
    XCTAssertEqual(labels(fixtures[0]), ["start", "delegates › apply › applied"])
  }

  func testEveryBranchStartsFromTheStateAtTheFork() throws {
    let scenario = Scenario("fork", feature: counter, description: "d", filePath: testFile) {
      Given(CounterState())
      When("increment", .increment)
      Branch("a") { When("increment", .increment) }
      Branch("b") {
        When("increment", .increment)
        Then("b did not see a's step") { $0.count == 2 }
      }
    }
    XCTAssertEqual(try scenario.compile(sourceRoot: testRoot).count, 2)
  }

  func testWhenRecordsTheLineItIsWrittenOn() throws {
    let expectedLine = #line + 3
    let scenario = Scenario("lines", feature: counter, description: "d", filePath: testFile) {
      Given(CounterState())
      When("increment", .increment)
    }
    let fixtures = try scenario.compile(sourceRoot: testRoot)
    XCTAssertEqual(fixtures[0].document["steps"]?.arrayValue?.first?["line"], .integer(Int64(expectedLine)))
  }

  func testScenarioSourceDefaultsToTheFileItIsWrittenIn() throws {
    let scenario = Scenario("here", feature: counter, description: "d") {
      Given(CounterState())
      When("increment", .increment)
    }
    let root = SourceRoot(currentDirectory: "/nowhere") {
      FileManager.default.fileExists(atPath: $0 + "/Package.swift")
    }
    let fixtures = try scenario.compile(sourceRoot: root)
    XCTAssertEqual(
      fixtures[0].document["scenario"]?["source"],
      .string("Tests/DuetScenarioTests/FeatureScenarioCompilationTests.swift"))
  }

  func testAScenarioGivenOnlyItsFeatureIsNamedAfterTheFeature() throws {
    let scenario = Scenario(counter, description: "d", filePath: testFile) {
      Given(CounterState())
      Branch("counts up") { When("increment", .increment) }
    }
    XCTAssertEqual(scenario.name, "counter")
    XCTAssertEqual(try scenario.compile(sourceRoot: testRoot).map(\.name), ["counter.counts-up"])
  }

  func testLoopsAndConditionsGenerateSteps() throws {
    let includeDecrement = true
    let scenario = Scenario("generated", feature: counter, description: "d", filePath: testFile) {
      Given(CounterState())
      for index in 1...3 {
        When("increment \(index)", .increment)
      }
      if includeDecrement {
        When("decrement", .decrement)
      }
      Then("three up, one down") { $0.count == 2 }
    }
    let fixtures = try scenario.compile(sourceRoot: testRoot)
    XCTAssertEqual(labels(fixtures[0]), ["increment 1", "increment 2", "increment 3", "decrement"])
  }

  func testPassingChecksLeaveNoTraceInTheFixture() throws {
    let checked = Scenario("checked", feature: counter, description: "d", filePath: testFile) {
      Given(CounterState())
      When("increment", .increment, line: 1)
      Then("one") { $0.count == 1 }
      ThenEffects("none") { $0.isEmpty }
    }
    let plain = Scenario("checked", feature: counter, description: "d", filePath: testFile) {
      Given(CounterState())
      When("increment", .increment, line: 1)
    }
    XCTAssertEqual(try checked.compile(sourceRoot: testRoot), try plain.compile(sourceRoot: testRoot))
  }

  func testSeveralScenariosCompileInOrder() throws {
    let fixtures = try Scenario.compile([counterScenario, counterEndingsScenario], sourceRoot: testRoot)
    XCTAssertEqual(
      fixtures.map(\.name), ["counter", "counter-endings.keeps-counting", "counter-endings.changes-its-mind"])
  }

  func labels(_ fixture: CompiledFixture) -> [String] {
    (fixture.document["steps"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
  }
}
