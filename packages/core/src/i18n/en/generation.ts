/**
 * The diffusion tools (spec 001 §2, §3): mannequin to model, model photos, product, wig and shoe
 * pictures, try-on, custom models, custom figures and publicity. Tips and instructions per route id.
 */
export default {
  humanFigureImageTip: 'Tip: a front view of the whole garment on the mannequin, evenly lit, gives the most faithful result.',
  humanFigureImageInstructions:
    'Upload a photo of a garment on a mannequin: the mannequin becomes a real-looking model wearing exactly the same clothes. Choose a model from the library (or your own), a recommended or custom scene or a background colour, then generate.',
  modelPhotoNewTip: 'Tip: keep the garment fully in view; the face and background are what change.',
  modelPhotoNewInstructions:
    'Upload a model photo: the model, expression and scene change while the garment stays as it is. Pick the new model from the library and a scene, or reproduce the background of a reference picture.',
  aiProductImageTip: 'Tip: a product on a plain background is placed into scenes most convincingly.',
  aiProductImageInstructions:
    'Upload a product photo and choose a recommended scene, describe your own, or reproduce the background of a reference picture: the product is placed into it with matching light and shadow.',
  wigImageTip: 'Tip: a photo of the wig on a stand or a head form, from the front, works best.',
  wigImageInstructions:
    'Upload a wig photo: it is shown on a realistic model with a natural hairline. Choose the model and the scene or background colour.',
  shoesImageTip: 'Tip: a side view of the shoe on a plain background gives the best fit on the foot.',
  shoesImageInstructions: 'Upload a shoe photo: the shoes are shown worn, in the scene or on the background colour you choose.',
  tryonTip: 'Tip: a front-facing person photo and flat-lay or hanger photos of the garments work best.',
  tryonInstructions:
    'Mix and match dresses the person in a top and, if you add one, a bottom; Outfit dresses them in one complete outfit. Use your own person photo or a model from the library. Each try-on makes 4 pictures.',
  customizedModelsTip: 'Tip: one to four clear photos of the same person, face visible, make the most consistent likeness.',
  customizedModelsInstructions:
    'Upload photos of your own model (with their consent): consistent pictures of that person are made in the scene you choose. Save the result to your model library to use it in every model photo.',
  customizedAnimalTip: 'Tip: one to four clear photos of the same pet from different sides.',
  customizedAnimalInstructions:
    'Upload photos of your pet or figure: a consistent likeness is drawn into the scene you choose, ready for your shop or posts.',
  customizedPublicityTip: 'Tip: upload your custom model’s picture and the product it should present.',
  customizedPublicityInstructions:
    'Make publicity pictures around your own custom model: upload the model’s picture (or pick one from your library) and the product, then choose a scene.',

  tabRecommended: 'Recommended',
  tabCustom: 'Custom',
  tabReproduction: 'Background reproduction',
  scene: 'Scene',
  customScene: 'Describe the scene',
  customScenePlaceholder: 'e.g. a sunny street café in the morning, soft light',
  reference: 'Reference background',
  reproductionMode: 'Reproduction mode',
  modeAccurate: 'Accurate replication',
  modeStyle: 'Style imitation',
  removeSubject: 'Remove the reference’s own subject',
  backgroundColor: 'Background colour',
  backgroundNone: 'Scene',
  advanced: 'Advanced',
  denoisingStrength: 'Redraw strength',
  erodeSize: 'Edge erosion (px)',
  strength: 'Detail strength',
  scale: 'Subject size',
  scaleFactor: '×{{factor}}',

  uploadMannequin: 'Mannequin photo',
  uploadModelPhoto: 'Model photo',
  uploadProduct: 'Product photo',
  uploadWig: 'Wig photo',
  uploadShoes: 'Shoe photo',
  uploadPerson: 'Person photo',
  uploadTop: 'Top',
  uploadBottom: 'Bottom (optional)',
  uploadOutfit: 'Outfit',
  uploadLikeness: 'Photos of the person ({{count}} of up to 4)',
  uploadPet: 'Photos of the pet or figure ({{count}} of up to 4)',
  uploadPublicityModel: 'Custom model picture',
  tryonType: 'Try-on type',
  tryonSplit: 'Mix and match',
  tryonSet: 'Outfit',

  model: 'Model',
  modelNone: 'As generated',
  modelOwn: 'My picture',
  modelLibrary: 'Choose from the library',
  modelChosen: 'Model: {{name}}',
  modelClear: 'Clear',

  needImage: 'Upload the photo first',
  needGarment: 'Add the garment',
  needScene: 'Describe the scene or pick one',
  needReference: 'Upload the reference background',
  emptyTitle: 'Your pictures will appear here',
  emptyBody: 'Upload your photo, choose the settings and press Generate.',
  templateModelGone: 'The template’s model is no longer in the library; choose another.',

  scene_studio: 'Studio',
  scene_street: 'City street',
  scene_cafe: 'Café',
  scene_beach: 'Beach',
  scene_garden: 'Garden',
  scene_office: 'Office',
  scene_home: 'Living room',
  scene_marble: 'Marble table',
  scene_wood: 'Wooden table',
  scene_nature: 'Nature',
  scene_festival: 'Festive',
  scene_minimal: 'Minimal',
};
