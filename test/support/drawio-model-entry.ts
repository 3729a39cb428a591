/**
 * The browser entry of test/support/drawio-model.ts: maxGraph on globalThis.mx, and `load`, which
 * draws one diagram's model in a container as draw.io does its labels (a UserObject's `label`).
 */
import { Graph, ModelXmlSerializer } from "@maxgraph/core";

function load(container: HTMLElement, modelXml: string): Graph {
  const graph = new Graph(container);
  const plain = graph.convertValueToString.bind(graph);
  graph.convertValueToString = (cell) => {
    const value: unknown = cell.value;
    return value instanceof Element ? (value.getAttribute("label") ?? "") : plain(cell);
  };
  new ModelXmlSerializer(graph.getDataModel()).import(modelXml);
  return graph;
}

(globalThis as unknown as { mx: unknown }).mx = { Graph, ModelXmlSerializer, load };
