/// The options of scene parameters (docs/scene-format.md "Parameters"): `--set`, `--params`, and
/// `halo params --json`.
extension CommandOption {
    /// `render`, `test`, `bench`, `preview`: one parameter's value, `NAME=VALUE` (a
    /// ``ParameterSetting``); repeatable.
    static let setParameter = CommandOption(
        "--set", value: .parameterSetting, commands: [.render, .test, .bench, .preview, .params, .export], heading: parameters,
        help: "draw with VALUE for the scene's parameter NAME (docs/scene-format.md \"Parameters\"), checked against its declaration; "
            + "repeatable, once a name. VALUE by the parameter's type: a number (3.5), a colour (#FF2D55, a name, or "
            + "[r, g, b, a] in quotes), one of a choice's options, true or false",
        notes: [.test: "every scene of DIR that declares NAME takes it; a scene that does not is drawn as it is"],
        repeatable: true)

    /// `render`, `test`, `bench`, `preview`: a JSON file of parameter values (a `String`).
    static let parameterFile = CommandOption(
        "--params", value: .path("FILE.json"), commands: [.render, .test, .bench, .preview, .params, .export], heading: parameters,
        help: "draw with the values in FILE.json, an object of NAME: VALUE (VALUE as the scene file would hold it); "
            + "--set takes precedence",
        notes: [.test: "every scene of DIR that declares a NAME takes it"])

    /// `params`: JSON output (a flag).
    static let paramsJSON = CommandOption(
        "--json", commands: [.params],
        help: "print one JSON object: {\"parameters\": [{\"name\", \"type\", \"value\", \"fileValue\", \"min\", \"max\", "
            + "\"step\", \"options\", \"label\"}]} in file order, keys a parameter lacks left out")

    private static let parameters = "PARAMETERS"
}
