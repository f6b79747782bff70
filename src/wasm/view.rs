//! What JavaScript sees of the history: one JS object per message, kept
//! while the message is unchanged, so `React.memo` and
//! `useSyncExternalStore` re-render only what changed.

use std::collections::HashMap;

use js_sys::Array;
use serde_json::Value;
use wasm_bindgen::JsValue;

use super::convert::to_js;
use super::js::slice_array;
use crate::core::history::History;

#[derive(Default)]
pub struct MessagesView {
    array: Option<Array>,
    /// serial → (rev, object) of every message the current array holds.
    cache: HashMap<u64, (u64, JsValue)>,
}

impl MessagesView {
    /// The current array, brought up to date with the history. A new array
    /// is made only when something changed; unchanged messages keep their
    /// objects, changed ones get new ones. Returns whether anything changed.
    pub fn sync(&mut self, history: &mut History) -> Result<bool, JsValue> {
        let changes = history.take_changes();
        let Some(old) = &self.array else {
            self.rebuild(history)?;
            return Ok(true);
        };
        if changes.is_empty() {
            return Ok(false);
        }
        if changes.restructured {
            self.rebuild(history)?;
            return Ok(true);
        }
        let next = slice_array(old);
        let mut dirty = changes.dirty;
        dirty.sort_unstable();
        dirty.dedup();
        let entries = history.entries();
        for i in dirty {
            let Some(e) = entries.get(i) else { continue };
            let obj = to_js(&e.message)?;
            self.cache.insert(e.serial, (e.rev, obj.clone()));
            if i < next.length() as usize {
                next.set(i as u32, obj);
            } else {
                next.push(&obj);
            }
        }
        self.array = Some(next);
        Ok(true)
    }

    fn rebuild(&mut self, history: &History) -> Result<(), JsValue> {
        let mut cache = HashMap::with_capacity(history.len());
        let array = Array::new_with_length(history.len() as u32);
        for (i, e) in history.entries().iter().enumerate() {
            let obj = match self.cache.get(&e.serial) {
                Some((rev, obj)) if *rev == e.rev => obj.clone(),
                _ => to_js(&e.message)?,
            };
            array.set(i as u32, obj.clone());
            cache.insert(e.serial, (e.rev, obj));
        }
        self.cache = cache;
        self.array = Some(array);
        Ok(())
    }

    /// The array as of the last sync.
    pub fn array(&self) -> JsValue {
        self.array
            .clone()
            .map(JsValue::from)
            .unwrap_or_else(|| Array::new().into())
    }

    /// The JS object of the message at `i`, if the view holds one.
    pub fn at(&self, i: usize) -> JsValue {
        self.array
            .as_ref()
            .map(|a| a.get(i as u32))
            .unwrap_or(JsValue::UNDEFINED)
    }
}

/// The state as a JS value, converted only when it is read after a change.
#[derive(Default)]
pub struct StateView {
    cached: Option<JsValue>,
}

impl StateView {
    pub fn invalidate(&mut self) {
        self.cached = None;
    }

    pub fn get(&mut self, state: &Value) -> Result<JsValue, JsValue> {
        if let Some(v) = &self.cached {
            return Ok(v.clone());
        }
        let v = to_js(state)?;
        self.cached = Some(v.clone());
        Ok(v)
    }
}
