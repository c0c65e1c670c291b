import DuetCore
import DuetScenario

/// The editor's behaviour: only a save the account port confirms is counted, and never the name.
let editNameScenario = Scenario(
  editNameFeature,
  description: "The name editor asks the account port to save a trimmed, non-empty name. A confirmed save tracks "
    + "Name Edited (no parameter: the name is the user's) before handing the name to the host; an empty name, "
    + "a failed save or a repeated save tracks nothing."
) {
  Given(EditNameState(draft: "Ada"))

  Branch("save confirmed") {
    When("the name is edited", .draftChanged("Ada Lovelace "))
    When("save is tapped", .saveTapped)
    Then("saving the trimmed name") { $0.isSaving && $0.draft == "Ada Lovelace" }
    ThenEffects("the account port is asked, under the save's id") {
      $0 == [.run(.saveName(name: "Ada Lovelace"), id: EditNameEffectIDs.save)]
    }
    When("the account port confirms", .saveAnswered(.saved))
    Then("nothing in flight") { !$0.isSaving && $0.failure == nil }
    ThenEffects("the edit is counted, then the host gets the name") {
      $0 == [.track(EditNameEvents.nameEdited), .run(.notifyListener(.saved(name: "Ada Lovelace")))]
    }
  }

  Branch("empty name tracks nothing") {
    When("the name is cleared to blanks", .draftChanged("   "))
    When("save is tapped", .saveTapped)
    Then("the field says why, nothing in flight") { $0.failure == .empty && !$0.isSaving }
    ThenEffects("nothing: the port is never asked") { $0.isEmpty }
    When("a name is typed again", .draftChanged("Ada"))
    Then("the failure clears as the draft changes") { $0.failure == nil && $0.draft == "Ada" }
  }

  Branch("failed save tracks nothing") {
    When("save is tapped", .saveTapped)
    When("the account port answers failed", .saveAnswered(.failed))
    Then("the failure is shown") { $0.failure == .saveFailed && !$0.isSaving }
    ThenEffects("nothing: an unsaved name is not an edit") { $0.isEmpty }
    When("save is tapped again", .saveTapped)
    Then("saving again, the failure cleared") { $0.isSaving && $0.failure == nil }
  }

  Branch("repeat save inert") {
    When("save is tapped", .saveTapped)
    When("save is tapped again while saving", .saveTapped)
    ThenEffects("nothing: one save at a time") { $0.isEmpty }
    When("the name is edited while saving", .draftChanged("Bob"))
    Then("the draft is kept") { $0.draft == "Ada" }
    When("the account port confirms", .saveAnswered(.saved))
    ThenEffects("the edit is counted once") {
      $0 == [.track(EditNameEvents.nameEdited), .run(.notifyListener(.saved(name: "Ada")))]
    }
    When("a second confirmation arrives", .saveAnswered(.saved))
    ThenEffects("nothing: nothing was in flight") { $0.isEmpty }
  }

  Branch("cancelled") {
    When("cancel is tapped", .cancelTapped)
    ThenEffects("the host is told, nothing counted") { $0 == [.run(.notifyListener(.cancelled))] }
  }
}
