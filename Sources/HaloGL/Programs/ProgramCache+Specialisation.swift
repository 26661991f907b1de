import HaloCore

// Which program draws (``Specialisation``): a class's own, or the general one that serves it;
// and the specialised programs general ones stood in for (``Specialisation/whenReady``).
extension ProgramCache {
    /// The general variant to draw `v`'s tiles with, nil for `v`'s own program: always under
    /// ``Specialisation/never``; under ``Specialisation/whenReady`` until `v`'s own is
    /// compiled (`item` is noted for ``wantedNow()``).
    func standIn(for v: LayerVariant, key: (LayerVariant) -> ProgramKey, item: PendingPrograms.Item) -> LayerVariant? {
        if compilesAsNamed || v.isGeneral { return nil }
        switch specialisation {
        case .always: return nil
        case .never: return v.general
        case .whenReady:
            if programs[key(v.program)] != nil || programs[key(v.program.averaged)] != nil && (sharesAveragedPrograms || kinksTakeFullPrograms) { return nil }
            if wantedSet.insert(item).inserted { wanted.append(item) }
            return v.general
        }
    }

    /// The specialised programs general ones stood in for, not compiled yet, in the order
    /// first needed (``Specialisation/whenReady``). Each is listed once: one that fails to
    /// compile is not tried again.
    func wantedNow() -> [PendingPrograms.Item] {
        wanted = wanted.filter {
            switch $0 {
            case .layer(let v): return !hasLayerProgram(v)
            case .glowSource(let v): return !hasGlowSourceProgram(v)
            case .blur(let pairs, _): return programs[.blur(pairs: pairs)] == nil
            case .glowCombine(let layers, let opaque): return programs[.glowCombine(layers: layers, opaque: opaque)] == nil
            case .glowModes(let v): return programs[.glowModes(v)] == nil
            default: return true
            }
        }
        return wanted
    }

    /// `item` is not listed by ``wantedNow()`` again (it failed to compile).
    func dropWanted(_ item: PendingPrograms.Item) {
        wanted.removeAll { $0 == item }
    }

    /// Whether a program of a fixed count (a blur's pairs, a steered glow's layers) gives way to
    /// the general one, whose count is the draw's uniform (``specialisation``); under
    /// ``Specialisation/whenReady`` `item` is noted for ``wantedNow()``.
    func standsIn(compiled: Bool, item: PendingPrograms.Item) -> Bool {
        if compilesAsNamed { return false }
        switch specialisation {
        case .always: return false
        case .never: return true
        case .whenReady:
            if compiled { return false }
            if wantedSet.insert(item).inserted { wanted.append(item) }
            return true
        }
    }
}
